// The home page's banner area. The first banner renders at once; the carousel that rotates them
// arrives as its own chunk and takes over in the same space, so nothing on the page moves.
import { lazy, Suspense } from 'react';
import { useSliders } from '../content.queries';
import { useIsMobile } from '../../../ui/responsive';
import { Banner } from './Banner';

const BannerCarousel = lazy(() => import('./BannerCarousel'));

export function Banners() {
  const isMobile = useIsMobile();
  const sliders = useSliders('home').data ?? [];
  const height = isMobile ? 160 : 180;
  const [first] = sliders;
  if (!first) return null;
  if (sliders.length === 1) return <Banner slider={first} height={height} />;
  return (
    <Suspense fallback={<Banner slider={first} height={height} />}>
      <BannerCarousel sliders={sliders} height={height} />
    </Suspense>
  );
}
