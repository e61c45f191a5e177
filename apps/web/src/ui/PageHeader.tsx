// A page's heading and the line under it, as every page of the site starts.
import type { ReactNode } from 'react';
import { Paragraph, Title } from './Text';

export function PageHeader({ title, subtitle }: { title: ReactNode; subtitle?: ReactNode }) {
  return (
    <div>
      <Title level={1} style={{ margin: 0, fontSize: 'clamp(22px, 3vw, 28px)' }}>
        {title}
      </Title>
      {subtitle && (
        <Paragraph tone="secondary" style={{ margin: '8px 0 0' }}>
          {subtitle}
        </Paragraph>
      )}
    </div>
  );
}
