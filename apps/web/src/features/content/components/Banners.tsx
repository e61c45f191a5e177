// The home page's banner area. The first banner renders at once; the carousel that rotates them
// arrives as its own chunk and takes over in the same space, so nothing on the page moves. While
// the list is on its way the banner's height is kept free (most sites have banners); a site without
// any gives the space back once the empty answer is in.
import { lazy, Suspense } from 'react';
import { useSliders } from '../content.queries';
import { useIsMobile } from '../../../ui/responsive';
import { Banner } from './Banner';

const BannerCarousel = lazy(() => import('./BannerCarousel'));

export function Banners() {
  const isMobile = useIsMobile();
  const { data, isPending } = useSliders('home');
  const sliders = data ?? [];
  const height = isMobile ? 160 : 180;
  if (isPending) return <div aria-hidden style={{ height }} />;
  const [first] = sliders;
  if (!first) return null;
  if (sliders.length === 1) return <Banner slider={first} height={height} />;
  return (
    <Suspense fallback={<Banner slider={first} height={height} />}>
      <BannerCarousel sliders={sliders} height={height} />
    </Suspense>
  );
}
