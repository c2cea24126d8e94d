import { describe, expect, it } from 'vitest';
import { tickLabels, trendSeries, wheelRange } from './trendChartParts';

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
