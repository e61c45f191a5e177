// The first thing on the home page: the pool's name, what it is, and the two ways in.
import { Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { SafeLink } from '../../../shell/navigation/navigation';
import { useSiteName } from '../../../shell/site/site';
import { Paragraph, Title } from '../../../ui/Text';

export function HeroSection() {
  const { t } = useTranslation('home');
  const siteName = useSiteName();
  return (
    <Flex vertical gap={8} style={{ padding: '8px 0' }}>
      <Title level={1} style={{ margin: 0 }}>
        {t('hero.title', { site: siteName })}
      </Title>
      <Paragraph tone="secondary" style={{ fontSize: 16, maxWidth: 720, marginBottom: 8 }}>
        {t('hero.subtitle')}
      </Paragraph>
      <Flex gap={12} wrap>
        <SafeLink to="/#pools">
          <Button type="primary" size="large">
            {t('hero.start')}
          </Button>
        </SafeLink>
        <SafeLink to="/download">
          <Button size="large">{t('hero.download')}</Button>
        </SafeLink>
      </Flex>
    </Flex>
  );
}
