// One banner from /api/sliders, drawn as a gradient panel in the theme's colours, over the banner's
// uploaded image when it has one (served by us: the CSP allows images only from our origin), with
// a shade so the white text stays readable.
import { Flex } from 'antd';
import type { Slider } from '@hashpool/shared';
import { bannerGradient } from '../../../shell/theme';
import { SmartLink } from '../../../shell/navigation/SmartLink';
import { Text, Title } from '../../../ui/Text';

export function Banner({ slider, height }: { slider: Slider; height: number }) {
  const panel = (
    <Flex
      vertical
      justify="center"
      style={{
        height,
        padding: '0 clamp(20px, 5vw, 56px)',
        background: slider.image_url ? `linear-gradient(rgba(0,0,0,0.45), rgba(0,0,0,0.45)), url("${slider.image_url}") center / cover no-repeat, ${bannerGradient(slider.tone)}` : bannerGradient(slider.tone),
        borderRadius: 12,
        boxSizing: 'border-box',
      }}
    >
      <Title level={2} size={3} style={{ color: '#fff', margin: 0 }}>
        {slider.title}
      </Title>
      <Text style={{ color: 'rgba(255,255,255,0.88)', marginTop: 8, fontSize: 15 }}>{slider.subtitle}</Text>
    </Flex>
  );
  return slider.link ? (
    <SmartLink url={slider.link} style={{ display: 'block' }}>
      {panel}
    </SmartLink>
  ) : (
    panel
  );
}
