// A full-width status message with an icon, a title, a line of explanation and actions, for
// "not available" and error screens. Ant Design's Result bundles three large illustrations.
import type { ReactNode } from 'react';
import { Flex, theme } from 'antd';
import { CloseCircleFilled, CompassOutlined, InfoCircleFilled } from './first-screen-icons';
import { Paragraph, Title } from './Text';

type Status = 'not-found' | 'info' | 'error';

export function StatusResult({ status, title, subtitle, extra }: { status: Status; title: ReactNode; subtitle?: ReactNode; extra?: ReactNode }) {
  const { token } = theme.useToken();
  const icon = {
    'not-found': <CompassOutlined style={{ color: token.colorPrimary }} />,
    info: <InfoCircleFilled style={{ color: token.colorInfo }} />,
    error: <CloseCircleFilled style={{ color: token.colorError }} />,
  }[status];
  return (
    <Flex vertical align="center" style={{ padding: '64px 16px', textAlign: 'center' }} role={status === 'error' ? 'alert' : 'status'}>
      <div style={{ fontSize: 64, lineHeight: 1, marginBottom: 24 }} aria-hidden="true">
        {icon}
      </div>
      <Title level={2}>{title}</Title>
      {subtitle && (
        <Paragraph tone="secondary" style={{ maxWidth: 520 }}>
          {subtitle}
        </Paragraph>
      )}
      {extra && <div style={{ marginTop: 8 }}>{extra}</div>}
    </Flex>
  );
}
