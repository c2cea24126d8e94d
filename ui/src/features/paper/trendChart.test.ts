import { describe, expect, it } from 'vitest';
import type { TrendPoint } from '@/api/types';
import { latestHeat, tickLabels, trendSeries, trendSince, wheelRange } from './trendChartParts';

describe('trend chart data', () => {
  it('puts each day at its position and keeps the values', () => {
    const { labels, values, xs } = trendSeries([['2026-01-01', 0], ['2026-01-02', 7]]);
    expect(labels).toEqual(['2026-01-01', '2026-01-02']);
    expect(values).toEqual([0, 7]);
    expect(xs).toEqual([0, 1]);
  });

  it('labels whole-day ticks with month and day, and nothing between days or past the data', () => {
    expect(tickLabels(['2026-01-01', '2026-01-02'], [0, 0.5, 1, 2])).toEqual(['01-01', '', '01-02', '']);
  });
});

describe('wheel zoom', () => {
  it('zooms in around the pointer and out again, never past the data', () => {
    const [from, to] = wheelRange(0, 99, 50, -1, 99);
    expect(to - from).toBeCloseTo(74.25);
    expect(from).toBeLessThan(50);
    expect(to).toBeGreaterThan(50);
    expect(wheelRange(from, to, 50, 1, 99)).toEqual([0, 99]);
  });

  it('keeps at least three days in view', () => {
    const [from, to] = wheelRange(10, 13, 11, -1, 99);
    expect(to - from).toBe(3);
  });
});

describe('a paper page trend', () => {
  const padded: TrendPoint[] = [['2026-11-20', 0], ['2026-11-21', 0], ['2026-11-22', 4], ['2026-11-23', 9]];

  it('starts on the publication day in Beijing time, never before', () => {
    // 2026-11-21 17:00 UTC is already the 22nd in Beijing
    expect(trendSince(padded, '2026-11-21T17:00:00Z').map(([day]) => day)).toEqual(['2026-11-22', '2026-11-23']);
    expect(trendSince(padded, '2026-11-01T00:00:00Z')).toEqual(padded);
    expect(trendSince(padded, null)).toEqual(padded);
  });

  it('gives the header the figure the chart ends on, else the paper\'s own', () => {
    expect(latestHeat(padded, 301)).toBe(9);
    expect(latestHeat([], 301)).toBe(301);
    expect(latestHeat(undefined, 301)).toBe(301);
  });
});
