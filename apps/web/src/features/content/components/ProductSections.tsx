// The pool's products as link cards.
import type { ComponentType } from 'react';
import { Flex, theme } from 'antd';
import {
  AppstoreOutlined,
  CustomerServiceOutlined,
  EyeOutlined,
  FileProtectOutlined,
  GiftOutlined,
  MobileOutlined,
  SafetyCertificateOutlined,
  TagsOutlined,
  UsergroupAddOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { SafeLink } from '../../../shell/navigation/navigation';
import { Panel } from '../../../ui/Panel';
import { Columns } from '../../../ui/Columns';
import { Paragraph, Text, Title } from '../../../ui/Text';

interface Product {
  key: string;
  to: string;
  icon: ComponentType;
}

const PRODUCTS: readonly Product[] = [
  { key: 'contracts', to: '/contract/list', icon: FileProtectOutlined },
  { key: 'staking', to: '/asset/aleo/stake-now', icon: SafetyCertificateOutlined },
  { key: 'red_packets', to: '/user/red_packet', icon: GiftOutlined },
  { key: 'coupons', to: '/user/coupon', icon: TagsOutlined },
  { key: 'invite', to: '/activity/invite', icon: UsergroupAddOutlined },
  { key: 'miners', to: '/miners', icon: AppstoreOutlined },
  { key: 'support', to: '/ticket', icon: CustomerServiceOutlined },
  { key: 'download', to: '/download', icon: MobileOutlined },
  { key: 'observers', to: '/user/observe', icon: EyeOutlined },
];

export function ProductSections() {
  const { t } = useTranslation('home');
  const { token } = theme.useToken();
  return (
    <section aria-labelledby="products-title">
      <Title level={2} id="products-title">
        {t('products.title')}
      </Title>
      <Columns columns={{ xs: 1, sm: 2, lg: 3 }} gap={[16, 16]}>
        {PRODUCTS.map(({ key, to, icon: Icon }) => (
          <div key={key}>
            <SafeLink to={to} style={{ display: 'block', height: '100%' }}>
              <Panel hoverable padding={20} style={{ height: '100%' }}>
                <Flex gap={16} align="flex-start">
                  <span style={{ fontSize: 28, lineHeight: 1, color: token.colorPrimary }} aria-hidden="true">
                    <Icon />
                  </span>
                  <Flex vertical gap={4}>
                    <Text strong style={{ fontSize: 16 }}>
                      {t(`products.${key}.title`)}
                    </Text>
                    <Paragraph tone="secondary" style={{ margin: 0 }}>
                      {t(`products.${key}.description`)}
                    </Paragraph>
                  </Flex>
                </Flex>
              </Panel>
            </SafeLink>
          </div>
        ))}
      </Columns>
    </section>
  );
}
