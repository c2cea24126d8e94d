import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { hotwordsQuery } from './searchQueries';

export const DEFAULT_PLACEHOLDER = 'AI日报';
export const HOTWORDS_DELAY = 2000;

/** Hot words, fetched 2 s after the header is created and cached; the placeholder is a random one. */
export function useHotwords(delay: number = HOTWORDS_DELAY) {
  const [enabled, setEnabled] = useState(delay <= 0);
  useEffect(() => {
    if (enabled) return undefined;
    const t = setTimeout(() => setEnabled(true), delay);
    return () => clearTimeout(t);
  }, [delay, enabled]);
  const q = useQuery(hotwordsQuery(enabled));
  const words = useMemo(() => (q.data ?? []).map((w) => w.source.content), [q.data]);
  const [seed] = useState(() => Math.random());
  const placeholder = words.length ? words[Math.floor(seed * words.length)] : DEFAULT_PLACEHOLDER;
  return { words, placeholder };
}
