// ECharts through `echarts/core` with only the parts the charts use (hashrate lines, daily
// bars): the full `echarts` entry is about 350 KB gzip, this set about a third of it
// (STACK-NOTES.md: split by route and import through echarts/core). Only lazily loaded chart
// modules import this file.
import * as echarts from 'echarts/core';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

// The tooltip brings the axis pointer with it; the canvas renderer draws faster than SVG for the
// 720 points of a 30-day chart.
echarts.use([LineChart, BarChart, GridComponent, TooltipComponent, CanvasRenderer]);

export { echarts };
