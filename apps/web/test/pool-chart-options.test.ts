// The hashrate chart's option: axis units from shared splitHashrate, times in the user's timezone
// (not the machine's), escaped tooltips, and theme colours.
import { describe, expect, it } from 'vitest';
import { axisHashrate, axisTime, buildHashrateOption, escapeHtml, tooltipHtml, withAlpha, zoneShiftMs } from '../src/ui/charts/chart-options';
import { chartPalette, type ChartPalette } from '../src/ui/charts/chart-palette';

const palette: ChartPalette = chartPalette({
  colorPrimary: '#3b5bdb',
  colorWarning: '#f08c00',
  colorSuccess: '#2f9e44',
  colorText: '#111111',
  colorTextSecondary: '#666666',
  colorBorderSecondary: '#eeeeee',
  colorBgElevated: '#ffffff',
  colorBorder: '#dddddd',
});

const points = [
  { time: '2026-11-20T23:50:00.000Z', hashrate: 0, reject_rate: 0 },
  { time: '2026-11-21T00:00:00.000Z', hashrate: 512.5e12, reject_rate: 0.0125 },
];

type Formatter = (value: number) => string;

describe('axis labels', () => {
  it('writes hashrates in the unit splitHashrate picks, without trailing zeros', () => {
    expect(axisHashrate(0)).toBe('0 H/s');
    expect(axisHashrate(500e12)).toBe('500 TH/s');
    expect(axisHashrate(1.5e15)).toBe('1.5 PH/s');
    expect(axisHashrate(999.999)).toBe('1 KH/s');
    expect(axisHashrate(2e24)).toBe('2 YH/s');
  });

  it('writes times in the user timezone', () => {
    const ms = Date.parse('2026-11-21T00:00:00Z');
    expect(axisTime(ms, '24h', 'UTC+08:00')).toBe('08:00');
    expect(axisTime(ms, '24h', 'UTC-03:30')).toBe('20:30');
    expect(axisTime(ms, '30d', 'UTC-03:30')).toBe('11-20');
    expect(axisTime(ms, '30d', 'UTC+00:00')).toBe('11-21');
  });

  it('moves the data by the offset and the labels back, so ticks fall on the user round hours', () => {
    expect(zoneShiftMs('UTC+08:00')).toBe(8 * 3600_000);
    expect(zoneShiftMs('nonsense')).toBe(0);
    const option = buildHashrateOption({ series: [{ name: 'Hashrate', points }], range: '24h', timezone: 'UTC+08:00', palette });
    expect(option.useUTC).toBe(true);
    const series = option.series as { data: [number, number][] }[];
    expect(series[0]!.data[1]).toEqual([Date.parse('2026-11-21T08:00:00Z'), 512.5e12]);
    const xAxis = option.xAxis as { axisLabel: { formatter: Formatter } };
    // The chart's 08:00 UTC tick is 08:00 in UTC+08:00, i.e. the moment 00:00 UTC.
    expect(xAxis.axisLabel.formatter(Date.parse('2026-11-21T08:00:00Z'))).toBe('08:00');
    const yAxis = option.yAxis as { axisLabel: { formatter: Formatter }; min: number };
    expect(yAxis.min).toBe(0);
    expect(yAxis.axisLabel.formatter(250e12)).toBe('250 TH/s');
  });
});

describe('series and colours', () => {
  it('gives each series a theme colour and a fading area', () => {
    const option = buildHashrateOption({
      series: [
        { name: 'A', points },
        { name: 'B', points },
      ],
      range: '30d',
      timezone: 'UTC+00:00',
      palette,
    });
    const series = option.series as { name: string; lineStyle: { color: string }; areaStyle: { color: { colorStops: { color: string }[] } } }[];
    expect(series.map((s) => [s.name, s.lineStyle.color])).toEqual([
      ['A', '#3b5bdb'],
      ['B', '#f08c00'],
    ]);
    expect(series[0]!.areaStyle.color.colorStops[0]!.color).toBe('rgba(59, 91, 219, 0.28)');
  });

  it('makes rgba from hex and leaves other colours alone', () => {
    expect(withAlpha('#ffffff', 0.5)).toBe('rgba(255, 255, 255, 0.5)');
    expect(withAlpha('rgb(1, 2, 3)', 0.5)).toBe('rgb(1, 2, 3)');
  });
});

describe('tooltip', () => {
  it('shows the time in the user timezone, each hashrate and the reject rate', () => {
    const html = tooltipHtml([{ seriesIndex: 0, dataIndex: 1 }], { series: [{ name: 'Hashrate', points }], timezone: 'UTC+08:00', palette, rejectRateLabel: 'Reject rate' });
    expect(html).toContain('2026-11-21 08:00');
    expect(html).toContain('Hashrate: <b>512.50 TH/s</b>');
    expect(html).toContain('Reject rate: 1.25%');
  });

  it('escapes names', () => {
    const html = tooltipHtml([{ seriesIndex: 0, dataIndex: 0 }], { series: [{ name: '<img src=x onerror=alert(1)>', points }], timezone: 'UTC', palette });
    expect(html).not.toContain('<img');
    expect(escapeHtml(`<a href="x">'`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;');
  });

  it('is empty for a point that does not exist', () => {
    expect(tooltipHtml([{ seriesIndex: 0, dataIndex: 9 }], { series: [{ name: 'Hashrate', points }], timezone: 'UTC', palette })).toBe('');
  });
});
