// Builds the ECharts option of a daily bar chart (the earnings per UTC day): pure (no ECharts at
// run time, only its types), so the axis and tooltip formatting is unit-tested in node
// (apps/web/test/earnings-profits.test.ts). Colours come from the theme palette like the hashrate
// chart's, so the dark theme needs nothing of its own.
import type { ComposeOption } from 'echarts/core';
import type { BarSeriesOption } from 'echarts/charts';
import type { GridComponentOption, TooltipComponentOption } from 'echarts/components';
import type { ChartPalette } from './chart-palette';
import { escapeHtml, type AxisTooltipParam } from './chart-options';

export type DailyBarOption = ComposeOption<BarSeriesOption | GridComponentOption | TooltipComponentOption>;

/** One bar: a UTC day and its value, with the texts the tooltip shows. */
export interface DailyBar {
  /** "YYYY-MM-DD". */
  day: string;
  value: number;
  /** The value as the page writes it ("0.000123 BTC"). */
  label: string;
  /** A second tooltip line ("being credited"), if any. */
  note?: string;
  /** Drawn in the palette's second colour (e.g. a day still being credited). */
  highlight?: boolean;
}

export interface DailyBarInput {
  bars: readonly DailyBar[];
  /** The series' name in the tooltip; already translated. */
  seriesName: string;
  palette: ChartPalette;
  /** Phone width: smaller labels, tighter margins. */
  compact?: boolean;
}

/** A value-axis tick without float noise or exponent: 0.00012 -> "0.00012", 1.5 -> "1.5", 2e-7 -> "0.0000002". */
export function axisAmount(value: number): string {
  if (!Number.isFinite(value) || value === 0) return '0';
  const fixed = value.toFixed(Math.abs(value) >= 1 ? 4 : 10);
  return fixed.includes('.') ? fixed.replace(/\.?0+$/, '') : fixed;
}

/** A category tick: the day without its year ("05-31"). */
export function axisDay(day: string): string {
  return day.slice(5);
}

export function dailyTooltipHtml(params: readonly AxisTooltipParam[], input: Pick<DailyBarInput, 'bars' | 'seriesName' | 'palette'>): string {
  const first = params[0];
  const bar = first ? input.bars[first.dataIndex] : undefined;
  if (!bar) return '';
  const dot = `<span style="display:inline-block;width:8px;height:8px;border-radius:2px;margin-right:6px;background:${bar.highlight ? input.palette.series[1] : input.palette.series[0]}"></span>`;
  const lines = [`<div style="margin-bottom:4px">${escapeHtml(bar.day)}</div>`, `<div>${dot}${escapeHtml(input.seriesName)}: <b>${escapeHtml(bar.label)}</b></div>`];
  if (bar.note) lines.push(`<div style="padding-left:14px">${escapeHtml(bar.note)}</div>`);
  return lines.join('');
}

export function buildDailyBarOption(input: DailyBarInput): DailyBarOption {
  const { palette, compact = false } = input;
  const axisText = { color: palette.axisLabel, fontSize: compact ? 10 : 12 };
  const main = palette.series[0]!;
  const second = palette.series[1] ?? main;
  return {
    backgroundColor: 'transparent',
    animationDurationUpdate: 300,
    grid: { left: compact ? 4 : 12, right: compact ? 8 : 16, top: 16, bottom: 4, outerBoundsMode: 'same', outerBoundsContain: 'axisLabel' },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      backgroundColor: palette.tooltipBackground,
      borderColor: palette.tooltipBorder,
      textStyle: { color: palette.text, fontSize: 12 },
      formatter: (params) => dailyTooltipHtml(Array.isArray(params) ? params : [params], input),
    },
    xAxis: {
      type: 'category',
      data: input.bars.map((bar) => bar.day),
      axisLine: { lineStyle: { color: palette.axisLine } },
      axisTick: { show: false },
      axisLabel: { ...axisText, hideOverlap: true, formatter: (day: string) => axisDay(day) },
    },
    yAxis: {
      type: 'value',
      min: 0,
      splitNumber: compact ? 3 : 4,
      axisLabel: { ...axisText, formatter: (value: number) => axisAmount(value) },
      splitLine: { lineStyle: { color: palette.splitLine } },
    },
    series: [
      {
        type: 'bar',
        name: input.seriesName,
        data: input.bars.map((bar) => ({ value: bar.value, itemStyle: { color: bar.highlight ? second : main } })),
        barMaxWidth: 28,
        itemStyle: { borderRadius: [3, 3, 0, 0] },
      },
    ],
  };
}

/** What a page gives the daily bar chart component. */
export interface DailyBarChartProps {
  bars: readonly DailyBar[];
  seriesName: string;
  /** Describes the chart for screen readers (the canvas itself says nothing). */
  ariaLabel: string;
  height?: number;
}

export const DAILY_BAR_CHART_HEIGHT = 260;
