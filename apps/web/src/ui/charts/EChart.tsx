// One ECharts instance in a div: created once the div has a size, given each new option, resized
// with its box (ResizeObserver: a sidebar opening or a phone turning resizes the chart, not only
// the window), disposed on unmount. ECharts cannot lay out a box of zero size (a hidden panel, a
// page still being revealed): it waits for the first real size instead of drawing into nothing.
import { useEffect, useRef, type CSSProperties } from 'react';
import type { EChartsCoreOption, EChartsType } from 'echarts/core';
import { echarts } from './echarts-setup';
import { prefersReducedMotion } from '../responsive';

interface EChartProps {
  option: EChartsCoreOption;
  height: number;
  ariaLabel: string;
  /** Points drawn, exposed as data-points so tests can see the chart has its data. */
  points: number;
  style?: CSSProperties;
}

/** Merged rather than replaced, so a refetch or a theme switch animates from the lines shown; the series are swapped whole. */
const UPDATE = { replaceMerge: ['series'] };

/** No transitions for a visitor who asked for less motion (read at each update: the setting can change). */
function withMotion(option: EChartsCoreOption): EChartsCoreOption {
  return prefersReducedMotion() ? { ...option, animation: false } : option;
}

export function EChart({ option, height, ariaLabel, points, style }: EChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  // The latest option, for the moment the chart is created (it may come after the option).
  const latest = useRef(option);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const observer = new ResizeObserver(() => {
      if (element.clientWidth === 0 || element.clientHeight === 0) return;
      if (chart.current) {
        chart.current.resize();
        return;
      }
      chart.current = echarts.init(element, null, { renderer: 'canvas' });
      chart.current.setOption(withMotion(latest.current), UPDATE);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    latest.current = option;
    chart.current?.setOption(withMotion(option), UPDATE);
  }, [option]);

  return <div ref={box} role="img" aria-label={ariaLabel} data-points={points} style={{ width: '100%', height, ...style }} />;
}
