/** Search history: stored locally, newest first, no duplicates. */
const KEY = 'aihub:search-history';
export const HISTORY_LIMIT = 10;

export function readHistory(): string[] {
  try {
    const parsed = JSON.parse(localStorage.getItem(KEY) || '[]');
    return Array.isArray(parsed) ? parsed.filter((x) => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

export function addHistory(text: string): string[] {
  const value = text.trim();
  if (!value) return readHistory();
  const next = [value, ...readHistory().filter((x) => x !== value)].slice(0, HISTORY_LIMIT);
  try {
    localStorage.setItem(KEY, JSON.stringify(next));
  } catch {
    /* quota: keep the in-memory list */
  }
  return next;
}

export function clearHistory(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    /* ignore */
  }
}
