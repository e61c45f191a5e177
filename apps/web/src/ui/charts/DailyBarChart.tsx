// A bar per UTC day (the earnings page's daily amounts), colours from the theme like the hashrate
// chart's. Default export: pages load it through LazyDailyBarChart, so ECharts is its own chunk.
import { useMemo } from 'react';
import { theme } from 'antd';
import { useIsMobile } from '../responsive';
import { buildDailyBarOption, DAILY_BAR_CHART_HEIGHT, type DailyBarChartProps } from './bar-options';
import { chartPalette } from './chart-palette';
import { EChart } from './EChart';

export default function DailyBarChart({ bars, seriesName, ariaLabel, height = DAILY_BAR_CHART_HEIGHT }: DailyBarChartProps) {
  const { token } = theme.useToken();
  const compact = useIsMobile();
  const palette = useMemo(() => chartPalette(token), [token]);
  const option = useMemo(() => buildDailyBarOption({ bars, seriesName, palette, compact }), [bars, seriesName, palette, compact]);
  return <EChart option={option} height={height} ariaLabel={ariaLabel} points={bars.length} />;
}
