// The hashrate chart of the pool pages: lines of H/s over 24 hours or 30 days, the axis in
// H/s..YH/s (packages/shared splitHashrate), times in the user's timezone, colours from the theme.
// Default export: pages load it through LazyHashrateChart, so ECharts is its own chunk.
import { useMemo } from 'react';
import { Flex, theme } from 'antd';
import { useIsMobile } from '../responsive';
import { Text } from '../Text';
import { buildHashrateOption, DEFAULT_CHART_HEIGHT, type HashrateChartProps } from './chart-options';
import { chartPalette } from './chart-palette';
import { EChart } from './EChart';

export default function HashrateChart({ series, range, timezone, ariaLabel, height = DEFAULT_CHART_HEIGHT, rejectRateLabel, emptyText }: HashrateChartProps) {
  const { token } = theme.useToken();
  const compact = useIsMobile();
  const palette = useMemo(() => chartPalette(token), [token]);
  const option = useMemo(
    () => buildHashrateOption({ series, range, timezone, palette, compact, rejectRateLabel }),
    [series, range, timezone, palette, compact, rejectRateLabel],
  );
  const points = series.reduce((sum, s) => sum + s.points.length, 0);

  if (points === 0 && emptyText) {
    return (
      <Flex align="center" justify="center" style={{ height }}>
        <Text tone="secondary">{emptyText}</Text>
      </Flex>
    );
  }
  return <EChart option={option} height={height} ariaLabel={ariaLabel} points={points} />;
}
