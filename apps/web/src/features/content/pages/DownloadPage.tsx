// App download (/download): the platforms, the current version and a QR code of the download link
// (parameters `app_download_url` and `app_version`).
import type { ComponentType } from 'react';
import { Button, Col, Flex, QRCode, Row, theme } from 'antd';
import { AndroidFilled, AppleFilled, DownloadOutlined, WindowsFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useParameters } from '../../../shell/site/site.queries';
import { PageSpinner } from '../../../ui/PageSpinner';
import { Panel } from '../../../ui/Panel';
import { Paragraph, Text, Title } from '../../../ui/Text';

interface Platform {
  key: 'android' | 'ios' | 'windows' | 'macos';
  icon: ComponentType;
}

const PLATFORMS: readonly Platform[] = [
  { key: 'android', icon: AndroidFilled },
  { key: 'ios', icon: AppleFilled },
  { key: 'windows', icon: WindowsFilled },
  { key: 'macos', icon: AppleFilled },
];

export default function DownloadPage() {
  const { t } = useTranslation('download');
  const { token } = theme.useToken();
  const { data: parameters, isPending } = useParameters();
  if (isPending) return <PageSpinner />;
  const url = parameters?.app_download_url;
  const version = parameters?.app_version;

  return (
    <Flex vertical gap={32}>
      <Flex vertical gap={8}>
        <Title level={1} style={{ margin: 0 }}>
          {t('title')}
        </Title>
        <Paragraph tone="secondary" style={{ fontSize: 16, margin: 0, maxWidth: 760 }}>
          {t('subtitle')}
        </Paragraph>
        {version && <Text strong>{t('version', { version })}</Text>}
      </Flex>
      {url ? (
        <Row gutter={[24, 24]}>
          <Col xs={24} md={16}>
            <Row gutter={[16, 16]}>
              {PLATFORMS.map(({ key, icon: Icon }) => (
                <Col key={key} xs={24} sm={12}>
                  <Panel style={{ height: '100%' }}>
                    <Flex vertical gap={12}>
                      <Flex align="center" gap={12}>
                        <span style={{ fontSize: 32, color: token.colorPrimary }}>
                          <Icon />
                        </span>
                        <Flex vertical>
                          <Text strong>{t(`platforms.${key}.name`)}</Text>
                          <Text tone="secondary">{t(`platforms.${key}.requirement`)}</Text>
                        </Flex>
                      </Flex>
                      <Button type="primary" icon={<DownloadOutlined />} href={url} target="_blank" rel="noopener noreferrer">
                        {t('download_button')}
                      </Button>
                    </Flex>
                  </Panel>
                </Col>
              ))}
            </Row>
          </Col>
          <Col xs={24} md={8}>
            <Panel>
              <Flex vertical align="center" gap={12}>
                <QRCode value={url} size={180} bordered={false} color={token.colorText} bgColor={token.colorBgContainer} />
                <Text strong>{t('qr.title')}</Text>
                <Text tone="secondary" style={{ textAlign: 'center' }}>
                  {t('qr.hint')}
                </Text>
              </Flex>
            </Panel>
          </Col>
        </Row>
      ) : (
        <Panel>
          <Text>{t('unavailable')}</Text>
        </Panel>
      )}
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
