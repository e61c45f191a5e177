// The frame of the login, registration and reset screens: one centred panel, full width on phones.
import type { ReactNode } from 'react';
import { Flex } from 'antd';
import { Panel } from '../../../ui/Panel';
import { Paragraph, Title } from '../../../ui/Text';
import { useIsMobile } from '../../../ui/responsive';

export function AuthCard({ title, subtitle, children, footer }: { title: ReactNode; subtitle?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  const isMobile = useIsMobile();
  return (
    <Flex justify="center" style={{ padding: isMobile ? 0 : '24px 0' }}>
      <Panel style={{ width: '100%', maxWidth: 460 }} padding={isMobile ? 20 : 32}>
        {/* The screen's one h1, at the size of a section title: the card is small. */}
        <Title level={1} style={{ marginBottom: subtitle ? 8 : 24, fontSize: 'clamp(22px, 3vw, 28px)', lineHeight: 1.3 }}>
          {title}
        </Title>
        {subtitle && (
          <Paragraph tone="secondary" style={{ marginBottom: 24 }}>
            {subtitle}
          </Paragraph>
        )}
        {children}
        {footer && (
          <Flex className="hp-text-links" justify="center" wrap gap={16} style={{ marginTop: 8 }}>
            {footer}
          </Flex>
        )}
      </Panel>
    </Flex>
  );
}
