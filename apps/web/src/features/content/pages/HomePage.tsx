// Home (/): hero, banners, pools, products, advertisements and announcements.
import { lazy, Suspense, useEffect } from 'react';
import { Flex } from 'antd';
import { useLocation } from 'react-router';
import { HeroSection } from '../components/HeroSection';
import { Banners } from '../components/Banners';
import { PoolList } from '../components/PoolList';
import { PageSpinner } from '../../../ui/PageSpinner';

const AnnouncementList = lazy(() => import('../components/AnnouncementList'));
const ProductSections = lazy(() => import('../components/ProductSections').then((m) => ({ default: m.ProductSections })));
const Advertisements = lazy(() => import('../components/Advertisements').then((m) => ({ default: m.Advertisements })));

export default function HomePage() {
  const location = useLocation();

  // The header's "Pools" link is /#pools: bring the list into view once the page is there.
  useEffect(() => {
    if (location.hash === '#pools') document.getElementById('pools')?.scrollIntoView({ behavior: 'smooth' });
  }, [location.hash, location.key]);

  return (
    <Flex vertical gap={40}>
      <HeroSection />
      <Banners />
      <PoolList />
      <Suspense fallback={null}>
        <ProductSections />
        <Advertisements />
      </Suspense>
      <Suspense fallback={<PageSpinner />}>
        <AnnouncementList />
      </Suspense>
    </Flex>
  );
}
