import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/requestApi';

export type DailyRange = 'week' | 'month';

/** GET /v3/paper/daily: the range's papers under their publication day, each day ranked by upvotes. */
export const dailyPapersQuery = (range: DailyRange) =>
  queryOptions({
    queryKey: ['paper-daily', range],
    queryFn: ({ signal }) => api.get('/v3/paper/daily', { params: { query: { range } } }, { signal }),
  });

/** yyyy-MM-dd of a moment in Beijing time (the days the API groups by). */
export function beijingDay(moment: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit' }).format(moment);
}

/** A day's heading: 今天, 昨天, else 11月25日 周二 (the year too when it is not this one). */
export function dayHeading(day: string, now: Date = new Date()): string {
  const today = beijingDay(now);
  if (day === today) return '今天';
  if (day === beijingDay(new Date(now.getTime() - 86_400_000))) return '昨天';
  const [year, month, date] = day.split('-').map(Number);
  const weekday = '日一二三四五六'[new Date(Date.UTC(year, month - 1, date)).getUTCDay()];
  return `${String(year) === today.slice(0, 4) ? '' : `${year}年`}${month}月${date}日 周${weekday}`;
}
