// Builds the ECharts option of a hashrate chart: pure (no ECharts at run time, only its types), so
// the axis and tooltip formatting is unit-tested in node (apps/web/test/pool-chart-options.test.ts).
import type { ComposeOption } from 'echarts/core';
import type { LineSeriesOption } from 'echarts/charts';
import type { GridComponentOption, TooltipComponentOption } from 'echarts/components';
import { formatDateTime, formatHashrate, parseUtcOffset, splitHashrate } from '@hashpool/shared';
import type { ChartPalette } from './chart-palette';

export type HashrateChartOption = ComposeOption<LineSeriesOption | GridComponentOption | TooltipComponentOption>;

/** One point as the API sends it (hashrateSeriesSchema): start time, H/s, reject ratio 0..1. */
export interface HashratePoint {
  time: string;
  hashrate: number;
  reject_rate?: number;
}

export interface HashrateChartSeries {
  /** Shown in the tooltip; already translated by the caller. */
  name: string;
  points: readonly HashratePoint[];
}

/** 24 h of 10-minute points or 30 d of hourly points; decides how times are written. */
export type ChartRange = '24h' | '30d';

export interface HashrateOptionInput {
  series: readonly HashrateChartSeries[];
  range: ChartRange;
  /** The user's timezone ("UTC+08:00"): times are shown in it, never in the browser's. */
  timezone: string;
  palette: ChartPalette;
  /** Phone width: fewer axis labels, tighter margins. */
  compact?: boolean;
  /** Tooltip label of the reject rate; without it the tooltip shows hashrates only. */
  rejectRateLabel?: string;
}

/**
 * An axis tick as a hashrate in the unit splitHashrate picks for it, without the trailing zeros
 * that two decimals give round ticks ("500 TH/s", "1.5 PH/s", "0 H/s").
 */
export function axisHashrate(hashesPerSecond: number): string {
  const { value, unit } = splitHashrate(hashesPerSecond);
  return `${Number(value)} ${unit}`;
}

/** An axis tick's time: the hour in the day view, the date without its year in the month view. */
export function axisTime(ms: number, range: ChartRange, timezone: string): string {
  return range === '24h' ? formatDateTime(ms, timezone, 'HH:mm') : formatDateTime(ms, timezone, 'YYYY-MM-DD').slice(5);
}

/**
 * ECharts places time ticks on round hours and midnights of the browser's zone (or of UTC with
 * useUTC). The user's zone is neither, so the chart runs in UTC on times moved by the user's
 * offset: its round ticks are then the user's round hours, and the labels undo the move.
 */
export function zoneShiftMs(timezone: string): number {
  return (parseUtcOffset(timezone) ?? 0) * 60_000;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Tooltips are HTML: names come from translations and the server, and are escaped all the same. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

/** What the tooltip formatter reads of each axis-trigger parameter. */
export interface AxisTooltipParam {
  seriesIndex?: number;
  dataIndex: number;
}

/** The tooltip of one moment: its time, then each series' hashrate (and reject rate if asked). */
export function tooltipHtml(params: readonly AxisTooltipParam[], input: Pick<HashrateOptionInput, 'series' | 'timezone' | 'palette' | 'rejectRateLabel'>): string {
  const first = params[0];
  const firstPoint = first ? input.series[first.seriesIndex ?? 0]?.points[first.dataIndex] : undefined;
  if (!firstPoint) return '';
  const lines = [`<div style="margin-bottom:4px">${escapeHtml(formatDateTime(firstPoint.time, input.timezone, 'YYYY-MM-DD HH:mm'))}</div>`];
  for (const param of params) {
    const index = param.seriesIndex ?? 0;
    const series = input.series[index];
    const point = series?.points[param.dataIndex];
    if (!series || !point) continue;
    const dot = `<span style="display:inline-block;width:8px;height:8px;border-radius:50%;margin-right:6px;background:${input.palette.series[index % input.palette.series.length]}"></span>`;
    lines.push(`<div>${dot}${escapeHtml(series.name)}: <b>${escapeHtml(formatHashrate(point.hashrate))}</b></div>`);
    if (input.rejectRateLabel && point.reject_rate !== undefined) {
      lines.push(`<div style="padding-left:14px">${escapeHtml(input.rejectRateLabel)}: ${(point.reject_rate * 100).toFixed(2)}%</div>`);
    }
  }
  return lines.join('');
}

/** "#3b5bdb" with an alpha, for the area under a line; other colour forms are used as they are. */
export function withAlpha(colour: string, alpha: number): string {
  const hex = /^#([0-9a-f]{6})$/i.exec(colour);
  if (!hex) return colour;
  const n = parseInt(hex[1]!, 16);
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${alpha})`;
}

export function buildHashrateOption(input: HashrateOptionInput): HashrateChartOption {
  const { palette, compact = false } = input;
  const axisText = { color: palette.axisLabel, fontSize: compact ? 10 : 12 };
  const shift = zoneShiftMs(input.timezone);
  return {
    useUTC: true,
    backgroundColor: 'transparent',
    animationDurationUpdate: 300,
    grid: { left: compact ? 4 : 12, right: compact ? 8 : 16, top: 16, bottom: 4, outerBoundsMode: 'same', outerBoundsContain: 'axisLabel' },
    tooltip: {
      trigger: 'axis',
      backgroundColor: palette.tooltipBackground,
      borderColor: palette.tooltipBorder,
      textStyle: { color: palette.text, fontSize: 12 },
      // The formatter is given the points by index; it reads the input series rather than the
      // parameters' loosely typed values.
      formatter: (params) => tooltipHtml(Array.isArray(params) ? params : [params], input),
    },
    xAxis: {
      type: 'time',
      boundaryGap: [0, 0],
      axisLine: { lineStyle: { color: palette.axisLine } },
      axisTick: { show: false },
      axisLabel: { ...axisText, hideOverlap: true, formatter: (value: number) => axisTime(value - shift, input.range, input.timezone) },
      splitNumber: compact ? 3 : 6,
    },
    yAxis: {
      type: 'value',
      min: 0,
      splitNumber: compact ? 3 : 4,
      axisLabel: { ...axisText, formatter: (value: number) => axisHashrate(value) },
      splitLine: { lineStyle: { color: palette.splitLine } },
    },
    series: input.series.map((series, index) => {
      const colour = palette.series[index % palette.series.length]!;
      return {
        type: 'line',
        name: series.name,
        data: series.points.map((point) => [new Date(point.time).getTime() + shift, point.hashrate]),
        showSymbol: false,
        smooth: 0.2,
        // The month view has 720 points on a few hundred pixels: thin them without losing peaks.
        sampling: 'lttb',
        lineStyle: { width: 2, color: colour },
        itemStyle: { color: colour },
        areaStyle: {
          color: { type: 'linear', x: 0, y: 0, x2: 0, y2: 1, colorStops: [{ offset: 0, color: withAlpha(colour, 0.28) }, { offset: 1, color: withAlpha(colour, 0.02) }] },
        },
      };
    }),
  };
}

/** What a page gives the hashrate chart component. */
export interface HashrateChartProps {
  series: readonly HashrateChartSeries[];
  range: ChartRange;
  timezone: string;
  /** Describes the chart for screen readers (the canvas itself says nothing). */
  ariaLabel: string;
  height?: number;
  rejectRateLabel?: string;
  /** Shown instead of the chart when no series has a point. */
  emptyText?: string;
}

export const DEFAULT_CHART_HEIGHT = 280;
