// The hashrate chart, loaded when first shown: ECharts (about 150 KB gzip) then arrives with the
// pool pages that draw charts and never with the first screen (scripts/bench-bundle.mjs budget).
// While it loads, an empty box of the chart's height keeps the page from jumping.
import { lazy, Suspense } from 'react';
import { ChartLoading } from './ChartLoading';
import { DEFAULT_CHART_HEIGHT, type HashrateChartProps } from './chart-options';

const HashrateChart = lazy(() => import('./HashrateChart'));

export type { HashrateChartProps, HashrateChartSeries, HashratePoint, ChartRange } from './chart-options';

export function LazyHashrateChart(props: HashrateChartProps) {
  const height = props.height ?? DEFAULT_CHART_HEIGHT;
  return (
    <Suspense fallback={<ChartLoading height={height} />}>
      <HashrateChart {...props} />
    </Suspense>
  );
}
