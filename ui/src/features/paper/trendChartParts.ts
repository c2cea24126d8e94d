import type { TrendPoint } from '@/api/types';
import { formatDate } from '@/lib/format';

/** Above this many days the chart zooms (drag a range, wheel) and draws no point markers. */
export const ZOOM_FROM = 30;

/** The hotness series as uPlot wants it: x is the day's position (dates are categories, one per day). */
export function trendSeries(data: TrendPoint[]) {
  const labels = data.map((point) => String(point[0]));
  const values = data.map((point) => Number(point[1]));
  const xs = data.map((_, i) => i);
  return { labels, values, xs };
}

/** Axis labels for the ticks uPlot chose: `MM-dd` of the day at each whole position, nothing between days. */
export function tickLabels(labels: string[], splits: number[]): string[] {
  return splits.map((x) => (Number.isInteger(x) && labels[x] ? labels[x].slice(5) : ''));
}

/** The x range after a wheel step around `at` (zoom in for a negative delta), kept inside the data and at least 3 days wide. */
export function wheelRange(min: number, max: number, at: number, deltaY: number, last: number): [number, number] {
  const factor = deltaY < 0 ? 0.75 : 1 / 0.75;
  const width = Math.min(last, Math.max(3, (max - min) * factor));
  const share = max > min ? (at - min) / (max - min) : 0.5;
  let from = at - width * share;
  from = Math.min(Math.max(0, from), last - width);
  return [from, from + width];
}

/**
 * The days a paper's chart draws: none before its publication day (Beijing time; the API pads a short
 * series with earlier zero days). Without a publication date, every day.
 */
export function trendSince(data: TrendPoint[], publishedAt: string | null | undefined): TrendPoint[] {
  const first = formatDate(publishedAt);
  if (!first) return data;
  return data.filter((point) => String(point[0]) >= first);
}

/** The figure a paper's header shows as its heat: the chart's newest day, so the two agree; `fallback` without one. */
export function latestHeat(data: TrendPoint[] | undefined, fallback: number | null | undefined): number | null | undefined {
  const last = data?.[data.length - 1];
  return last ? Number(last[1]) : fallback;
}
