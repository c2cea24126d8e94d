/** Formatting rules of the spec, section 5. */

/** Under 1000 as is; under 10 000 as x.xxk; under 1 000 000 as x.xxw; above '100w+'.
 * Truncated (not rounded) so 9999 stays '9.99k' and never becomes '10.00k'. */
export function formatNumber(value: number | null | undefined): string {
  const n = Number(value) || 0;
  if (n < 1000) return String(Math.max(0, Math.floor(n)));
  if (n < 10000) return `${(Math.floor(n / 10) / 100).toFixed(2)}k`;
  if (n < 1000000) return `${(Math.floor(n / 100) / 100).toFixed(2)}w`;
  return '100w+';
}

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
const MONTH = 30 * DAY;

function toDate(value: string | number | Date): Date {
  if (value instanceof Date) return value;
  if (typeof value === 'number') return new Date(value < 1e12 ? value * 1000 : value);
  return new Date(value);
}

/** '刚刚' under a minute, then N分钟前 / N小时前 / N天前 / N周前 / N个月前. */
export function formatRelativeTime(value: string | number | Date | null | undefined, now: number = Date.now()): string {
  if (value === null || value === undefined || value === '') return '';
  const time = toDate(value).getTime();
  if (Number.isNaN(time)) return '';
  const diff = Math.max(0, now - time);
  if (diff < MINUTE) return '刚刚';
  if (diff < HOUR) return `${Math.floor(diff / MINUTE)}分钟前`;
  if (diff < DAY) return `${Math.floor(diff / HOUR)}小时前`;
  if (diff < WEEK) return `${Math.floor(diff / DAY)}天前`;
  if (diff < MONTH) return `${Math.floor(diff / WEEK)}周前`;
  return `${Math.floor(diff / MONTH)}个月前`; // '1月前' would read as 'before January'
}

/** Dates are shown in Beijing time wherever the reader is: the site's stories, papers and events are
 * dated in China (a reader abroad saw a paper of 1 December as 30 November). Intl does the zone rules. */
const BEIJING = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
});

function beijingParts(d: Date): Record<'year' | 'month' | 'day' | 'hour' | 'minute', string> {
  const parts = Object.fromEntries(BEIJING.formatToParts(d).map((p) => [p.type, p.value]));
  return { year: parts.year, month: parts.month, day: parts.day, hour: parts.hour, minute: parts.minute };
}

/** yyyy-MM-dd in Beijing time. */
export function formatDate(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const d = toDate(value);
  if (Number.isNaN(d.getTime())) return '';
  const { year, month, day } = beijingParts(d);
  return `${year}-${month}-${day}`;
}

/** yyyy-MM-dd HH:mm in Beijing time. */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  if (!value) return '';
  const d = toDate(value);
  if (Number.isNaN(d.getTime())) return '';
  const { year, month, day, hour, minute } = beijingParts(d);
  return `${year}-${month}-${day} ${hour}:${minute}`;
}
