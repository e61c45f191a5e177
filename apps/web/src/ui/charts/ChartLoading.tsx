// What a lazily loaded chart shows while ECharts arrives: an empty box of the chart's height with a
// spinner, so the page does not jump when the chart appears.
import { Flex, Spin } from 'antd';

export function ChartLoading({ height }: { height: number }) {
  return (
    <Flex align="center" justify="center" style={{ height }}>
      <Spin />
    </Flex>
  );
}
