// Dashboard figures in a grid that wraps: four across on wide screens, two on phones.
import type { ReactNode } from 'react';
import { useIsMobile } from './responsive';

export function StatGrid({ children, columns = 4 }: { children: ReactNode; columns?: number }) {
  const isMobile = useIsMobile();
  return <div style={{ display: 'grid', gridTemplateColumns: `repeat(${isMobile ? Math.min(2, columns) : columns}, minmax(0, 1fr))`, gap: 16 }}>{children}</div>;
}
