// The daily bar chart, loaded when first shown (ECharts stays out of the first screen, as with
// LazyHashrateChart). While it loads, an empty box of the chart's height keeps the page still.
import { lazy, Suspense } from 'react';
import { ChartLoading } from './ChartLoading';
import { DAILY_BAR_CHART_HEIGHT, type DailyBarChartProps } from './bar-options';

const DailyBarChart = lazy(() => import('./DailyBarChart'));

export type { DailyBar, DailyBarChartProps } from './bar-options';

export function LazyDailyBarChart(props: DailyBarChartProps) {
  const height = props.height ?? DAILY_BAR_CHART_HEIGHT;
  return (
    <Suspense fallback={<ChartLoading height={height} />}>
      <DailyBarChart {...props} />
    </Suspense>
  );
}
