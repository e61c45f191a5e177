// The banners rotating in Ant Design's Carousel. Its slider engine is loaded after the first
// paint (see Banners.tsx); the first banner is already on screen meanwhile.
import { Carousel } from 'antd';
import type { Slider } from '@hashpool/shared';
import { Banner } from './Banner';

const ROTATE_MS = 6000;

export default function BannerCarousel({ sliders, height }: { sliders: readonly Slider[]; height: number }) {
  return (
    <Carousel autoplay autoplaySpeed={ROTATE_MS}>
      {sliders.map((slider) => (
        <div key={slider.id}>
          <Banner slider={slider} height={height} />
        </div>
      ))}
    </Carousel>
  );
}
