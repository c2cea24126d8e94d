import { useQuery } from '@tanstack/react-query';
import { fetchPaperTrends } from '@/lib/api';
import { padHotness } from '@/lib/format';

export function usePaperTrends(id: string) {
  const q = useQuery({ queryKey: ['paper-trends', id], queryFn: ({ signal }) => fetchPaperTrends(id, signal), enabled: Boolean(id), retry: false });
  return { ...q, series: q.isSuccess ? padHotness(q.data) : null };
}
