// The operators' advertisements of the home page (Site content, position "home"; an
// advertisement operators can edit must also be shown), below the products: title, text, the image when there is one,
// and the whole card a link when it has one. Nothing at all while there are none.
import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { SmartLink } from '../../../shell/navigation/SmartLink';
import { Panel } from '../../../ui/Panel';
import { Columns } from '../../../ui/Columns';
import { Paragraph, Text } from '../../../ui/Text';
import { useAdvertisements } from '../content.queries';

export function Advertisements() {
  const { t } = useTranslation('home');
  const ads = (useAdvertisements().data ?? []).filter((a) => a.position === 'home');
  if (ads.length === 0) return null;
  return (
    <section aria-label={t('ads_label')} data-testid="home-ads">
      <Columns columns={{ xs: 1, md: 2 }} gap={[16, 16]}>
        {ads.map((ad) => {
          const card = (
            <Panel hoverable={Boolean(ad.link)} padding={20} style={{ height: '100%' }} data-testid="home-ad">
              <Flex gap={16} align="center">
                {ad.image_url && <img src={ad.image_url} alt="" width={64} height={64} style={{ objectFit: 'cover', borderRadius: 8, flex: 'none' }} />}
                <Flex vertical gap={4} style={{ minWidth: 0 }}>
                  <Text strong style={{ fontSize: 16 }}>{ad.title}</Text>
                  {ad.text && <Paragraph tone="secondary" style={{ margin: 0 }}>{ad.text}</Paragraph>}
                </Flex>
              </Flex>
            </Panel>
          );
          return (
            <div key={ad.id}>
              {ad.link ? <SmartLink url={ad.link} style={{ display: 'block', height: '100%' }}>{card}</SmartLink> : card}
            </div>
          );
        })}
      </Columns>
    </section>
  );
}
