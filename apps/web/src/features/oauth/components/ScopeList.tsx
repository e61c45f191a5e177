// The scopes an application asks for or holds, each with what it lets the application read.
import { Flex } from 'antd';
import { DollarOutlined, LineChartOutlined, MailOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { OAUTH_VISIBLE_SCOPES } from '@hashpool/shared';
import { Paragraph, Text } from '../../../ui/Text';

const ICONS: Record<string, React.ReactNode> = {
  profile: <UserOutlined />,
  email: <MailOutlined />,
  mining: <LineChartOutlined />,
  transactions: <DollarOutlined />,
};

export function visibleScopes(scopes: readonly string[]): string[] {
  return OAUTH_VISIBLE_SCOPES.filter((s) => scopes.includes(s));
}

export function ScopeList({ scopes, detailed = true }: { scopes: readonly string[]; detailed?: boolean }) {
  const { t } = useTranslation('oauth');
  return (
    <Flex vertical gap={detailed ? 12 : 4} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {visibleScopes(scopes).map((scope) => (
        <li key={scope} data-testid={`scope-${scope}`}>
          <Flex gap={10} align="start">
            <span aria-hidden style={{ lineHeight: '22px' }}>{ICONS[scope]}</span>
            <div>
              <Text strong>{t(`scopes.${scope}.title`)}</Text>
              {detailed && <Paragraph tone="secondary" style={{ margin: 0 }}>{t(`scopes.${scope}.text`)}</Paragraph>}
            </div>
          </Flex>
        </li>
      ))}
    </Flex>
  );
}
