// The banners rotating in Ant Design's Carousel. Its slider engine is loaded after the first
// paint (see Banners.tsx); the first banner is already on screen meanwhile.
import { useEffect, useRef } from 'react';
import { Carousel } from 'antd';
import type { Slider } from '@hashpool/shared';
import { Banner } from './Banner';
import { usePrefersReducedMotion } from '../../../ui/responsive';

const ROTATE_MS = 6000;

/**
 * The slider marks the slides out of view (and its clones for the endless loop) aria-hidden but
 * leaves their links focusable: a keyboard user would tab into banners no one sees. Those slides
 * are made inert, following the slider's own marking as it turns.
 */
function useInertHiddenSlides() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const sync = () => {
      for (const slide of root.querySelectorAll<HTMLElement>('.slick-slide')) slide.inert = slide.getAttribute('aria-hidden') === 'true';
    };
    sync();
    const observer = new MutationObserver(sync);
    observer.observe(root, { subtree: true, attributes: true, attributeFilter: ['aria-hidden'], childList: true });
    return () => observer.disconnect();
  }, []);
  return ref;
}

export default function BannerCarousel({ sliders, height }: { sliders: readonly Slider[]; height: number }) {
  const ref = useInertHiddenSlides();
  // Slides do not move by themselves for a visitor who asked for less motion; the dots still turn them.
  const reducedMotion = usePrefersReducedMotion();
  return (
    <div ref={ref}>
      <Carousel autoplay={!reducedMotion} autoplaySpeed={ROTATE_MS} {...(reducedMotion ? { speed: 0 } : {})}>
        {sliders.map((slider) => (
          <div key={slider.id}>
            <Banner slider={slider} height={height} />
          </div>
        ))}
      </Carousel>
    </div>
  );
}
