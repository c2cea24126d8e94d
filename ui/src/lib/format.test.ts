import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatNumber, formatRelativeTime } from './format';

describe('formatNumber (spec section 5)', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1000, '1.00k'],
    [1234, '1.23k'],
    [9999, '9.99k'],
    [10000, '1.00w'],
    [12345, '1.23w'],
    [99999, '9.99w'],
    [123456, '12.34w'],
    [999999, '99.99w'],
    [1000000, '100w+'],
    [1234567, '100w+'],
  ])('%d -> %s', (n, out) => {
    expect(formatNumber(n)).toBe(out);
  });
  it('treats missing values as 0', () => {
    expect(formatNumber(undefined)).toBe('0');
    expect(formatNumber(null)).toBe('0');
  });
});

describe('formatRelativeTime (spec section 5)', () => {
  const now = Date.parse('2026-11-12T12:00:00Z');
  const ago = (ms: number) => new Date(now - ms).toISOString();
  const S = 1000;
  const M = 60 * S;
  const H = 60 * M;
  const D = 24 * H;
  it.each([
    [0, '刚刚'],
    [30 * S, '刚刚'],
    [59 * S, '刚刚'],
    [60 * S, '1分钟前'],
    [5 * M, '5分钟前'],
    [59 * M, '59分钟前'],
    [H, '1小时前'],
    [23 * H, '23小时前'],
    [D, '1天前'],
    [6 * D, '6天前'],
    [7 * D, '1周前'],
    [20 * D, '2周前'],
    [30 * D, '1个月前'],
    [95 * D, '3个月前'],
  ])('%d ms ago -> %s', (ms, out) => {
    expect(formatRelativeTime(ago(ms), now)).toBe(out);
  });
  it('future times read as 刚刚, bad input as empty', () => {
    expect(formatRelativeTime(new Date(now + 5000).toISOString(), now)).toBe('刚刚');
    expect(formatRelativeTime('not a date', now)).toBe('');
    expect(formatRelativeTime(null, now)).toBe('');
  });
  it('accepts unix seconds', () => {
    expect(formatRelativeTime(Math.floor((now - 2 * H) / 1000), now)).toBe('2小时前');
  });
});

describe('formatDate and formatDateTime: Beijing time wherever the reader is', () => {
  it('formats yyyy-MM-dd and yyyy-MM-dd HH:mm', () => {
    expect(formatDate('2026-01-05T04:00:00Z')).toBe('2026-01-05');
    expect(formatDateTime('2026-01-05T04:07:00Z')).toBe('2026-01-05 12:07');
  });

  it('an instant late in the UTC day is the next day in Beijing (a reader in London or New York sees the same date)', () => {
    expect(formatDate('2026-11-30T20:30:00Z')).toBe('2026-12-01');
    expect(formatDateTime('2026-11-30T20:30:00Z')).toBe('2026-12-01 04:30');
    expect(formatDateTime('2026-12-01T00:00:00+08:00')).toBe('2026-12-01 00:00');
  });

  it('empty and invalid values give nothing', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
    expect(formatDateTime(undefined)).toBe('');
  });
});
