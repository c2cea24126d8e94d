import { describe, expect, it } from 'vitest';
import { beijingDay, dayHeading } from './dailyQueries';

describe('每日论文 headings (Beijing time)', () => {
  const now = new Date('2026-11-26T17:30:00Z'); // 01:30 on the 27th in Beijing
  it('today and yesterday by the Beijing calendar, not the browser zone', () => {
    expect(beijingDay(now)).toBe('2026-11-27');
    expect(dayHeading('2026-11-27', now)).toBe('今天');
    expect(dayHeading('2026-11-26', now)).toBe('昨天');
  });
  it('other days by date and weekday, with the year only when it is another one', () => {
    expect(dayHeading('2026-11-23', now)).toBe('11月23日 周一');
    expect(dayHeading('2025-12-31', now)).toBe('2025年12月31日 周三');
  });
});
