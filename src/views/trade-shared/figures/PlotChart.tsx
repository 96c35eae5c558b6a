import * as Plot from '@observablehq/plot';
import { useEffect, useRef, useState } from 'react';
import type { ChartPoint } from './figure-table';
import * as styles from './figures.css';

export type PlotChartProps = {
  points: readonly ChartPoint[];
  /** Bars along x (one per category, stacked by series) or along y (one row per category). */
  orientation: 'columns' | 'rows';
  /** What the whole chart shows, read by screen readers (the table below has the figures). */
  label: string;
  categoryLabel: string;
  valueLabel: string;
  formatValue: (value: number) => string;
};

/**
 * A bar chart drawn by Observable Plot (ADR 029) as SVG with aria attributes. This module is only
 * ever imported lazily by FigureBlock, so Plot (and the d3 it brings) stays in the dashboard's own
 * chunk and never reaches `/` or another page. No rule marks: axe refuses the `aria-label` Plot puts
 * on their groups (aria-prohibited-attr); the bars start at zero anyway.
 */
export default function PlotChart({
  points,
  orientation,
  label,
  categoryLabel,
  valueLabel,
  formatValue,
}: PlotChartProps) {
  const container = useRef<HTMLDivElement>(null);
  // Drawn again when the container's width changes (a turned phone, a resized window).
  const [containerWidth, setContainerWidth] = useState(0);
  useEffect(() => {
    const target = container.current;
    if (!target) return;
    const observer = new ResizeObserver(() => setContainerWidth(Math.round(target.clientWidth)));
    observer.observe(target);
    return () => observer.disconnect();
  }, []);
  useEffect(() => {
    const target = container.current;
    if (!target) return;
    const hasSeries = points.some((point) => point.series !== undefined);
    const data = points.map((point) => ({ ...point }));
    const categories = [...new Set(points.map((point) => point.category))];
    const tip = (point: ChartPoint) =>
      `${point.category}${point.series === undefined ? '' : ` · ${point.series}`}: ${formatValue(point.value)}`;
    // The container's width, never more (a phone's card is narrower than 320 px of chart).
    const width = Math.max(240, containerWidth || target.clientWidth || 640);
    // Row names wrap onto lines inside a margin of at most 40 % of the chart (long German names,
    // issue 24) instead of being cut at the chart's left edge.
    const rowNameMargin = Math.min(180, Math.round(width * 0.4));
    const chart =
      orientation === 'columns'
        ? Plot.plot({
            ariaLabel: label,
            width,
            height: 260,
            marginLeft: 72,
            // Month names side by side overlap in a half-width card: more than four are slanted.
            marginBottom: categories.length > 4 ? 56 : 30,
            x: { label: categoryLabel, domain: categories, tickRotate: categories.length > 4 ? -35 : 0 },
            y: { label: valueLabel, grid: true, tickFormat: formatValue },
            color: hasSeries ? { legend: true } : undefined,
            marks: [
              Plot.barY(data, {
                x: 'category',
                y: 'value',
                fill: hasSeries ? 'series' : 'currentColor',
                title: tip,
                ariaDescription: valueLabel,
              }),
            ],
          })
        : Plot.plot({
            ariaLabel: label,
            width,
            height: Math.max(80, 40 * categories.length + 40),
            marginLeft: rowNameMargin,
            y: { label: null, domain: categories, axis: null },
            x: { label: valueLabel, grid: true, tickFormat: formatValue },
            marks: [
              // lineWidth is in ems of the axis' 10 px font.
              Plot.axisY({ label: null, tickSize: 0, lineWidth: (rowNameMargin - 12) / 10 }),
              Plot.barX(data, {
                y: 'category',
                x: 'value',
                fill: 'currentColor',
                title: tip,
                ariaDescription: valueLabel,
              }),
            ],
          });
    // Plot names its groups in English ("bar", "x-axis tick"). The figures are read from the table
    // beside the chart, so the axes are hidden from screen readers and the bars carry the chart's
    // own (translated) name.
    for (const group of chart.querySelectorAll('g[aria-label]')) {
      if (/axis/.test(group.getAttribute('aria-label') ?? '')) group.setAttribute('aria-hidden', 'true');
      else group.setAttribute('aria-label', label);
    }
    target.replaceChildren(chart);
    return () => chart.remove();
  }, [points, orientation, label, categoryLabel, valueLabel, formatValue, containerWidth]);
  return <div ref={container} className={styles.chart} data-testid="plot-chart" />;
}
