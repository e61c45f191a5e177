// One line of the settings page: what it is, its state, and the action that changes it. The
// action stays on the right even on phones; the text wraps beside it.
import type { ReactNode } from 'react';
import { Flex, theme } from 'antd';
import { Text } from '../../../ui/Text';

export function SettingRow({ icon, title, status, description, action, last }: { icon: ReactNode; title: ReactNode; status: ReactNode; description?: ReactNode; action: ReactNode; last?: boolean }) {
  const { token } = theme.useToken();
  return (
    <Flex
      align="center"
      justify="space-between"
      gap={12}
      style={{ padding: '16px 0', borderBottom: last ? undefined : `1px solid ${token.colorBorderSecondary}` }}
    >
      <Flex align="flex-start" gap={12} style={{ flex: '1 1 0', minWidth: 0 }}>
        <span style={{ fontSize: 20, color: token.colorPrimary, lineHeight: '24px' }} aria-hidden="true">
          {icon}
        </span>
        <Flex vertical gap={2} style={{ minWidth: 0 }}>
          <Text strong>{title}</Text>
          <Text style={{ overflowWrap: 'anywhere' }}>{status}</Text>
          {description && (
            <Text tone="secondary" style={{ fontSize: token.fontSizeSM }}>
              {description}
            </Text>
          )}
        </Flex>
      </Flex>
      <div style={{ flexShrink: 0 }}>{action}</div>
    </Flex>
  );
}
