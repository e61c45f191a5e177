// The pool on a phone (/download): what exists, nothing more. The website itself works on phones,
// so the page offers it first: a QR code of this site's address and how to add it to the home
// screen. When the operator has set the parameter `app_download_url`, one link leads to that page,
// where the operator lists what it offers and each version. No platform list and no version are
// claimed here: Hashpool ships no native apps, and `app_version` is the server's version.
import { Button, Col, Flex, QRCode, Row, theme } from 'antd';
import { LinkOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useParameters } from '../../../shell/site/site.queries';
import { PageSpinner } from '../../../ui/PageSpinner';
import { Panel } from '../../../ui/Panel';
import { Paragraph, Text, Title } from '../../../ui/Text';

export default function DownloadPage() {
  const { t } = useTranslation('download');
  const { token } = theme.useToken();
  const { data: parameters, isPending } = useParameters();
  if (isPending) return <PageSpinner />;
  const url = parameters?.app_download_url;
  const site = window.location.origin;

  return (
    <Flex vertical gap={32}>
      <Flex vertical gap={8}>
        <Title level={1} style={{ margin: 0 }}>
          {t('title')}
        </Title>
        <Paragraph tone="secondary" style={{ fontSize: 16, margin: 0, maxWidth: 760 }}>
          {t('subtitle')}
        </Paragraph>
      </Flex>
      <Row gutter={[24, 24]}>
        <Col xs={24} md={url ? 12 : 24}>
          <Panel title={t('browser.title')} style={{ height: '100%' }}>
            <Flex gap={24} align="center" wrap>
              <QRCode value={site} size={160} bordered={false} color={token.colorText} bgColor={token.colorBgContainer} />
              <Flex vertical gap={8} style={{ flex: '1 1 200px' }}>
                <Text>{t('browser.hint')}</Text>
                <Text tone="secondary">{t('browser.home_screen')}</Text>
              </Flex>
            </Flex>
          </Panel>
        </Col>
        {url && (
          <Col xs={24} md={12}>
            <Panel title={t('operator.title')} style={{ height: '100%' }}>
              <Flex vertical gap={16} align="flex-start">
                <Text>{t('operator.hint')}</Text>
                <Button type="primary" icon={<LinkOutlined />} href={url} target="_blank" rel="noopener noreferrer">
                  {t('operator.button')}
                </Button>
              </Flex>
            </Panel>
          </Col>
        )}
      </Row>
      <Panel title={t('features.title')}>
        <ul style={{ margin: 0, paddingInlineStart: 20, lineHeight: 1.9 }}>
          {(['workers', 'alerts', 'earnings', 'wallet'] as const).map((feature) => (
            <li key={feature}>
              <Text>{t(`features.${feature}`)}</Text>
            </li>
          ))}
        </ul>
      </Panel>
    </Flex>
  );
}
