/** The editors' API: jobs (polled while one runs), set-aside documents, the two word lists. */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { JobKind } from '@/api/types';
import { api } from '@/lib/requestApi';
import { toast } from '@/lib/toast';
import { isActive } from './jobFormat';

export const JOBS_KEY = ['editor', 'jobs'] as const;
export const REJECTED_KEY = ['editor', 'rejected'] as const;
export const WORD_LISTS = {
  glossary: { path: '/v1/editor/glossary' as const, key: ['editor', 'glossary'] as const },
  blocklist: { path: '/v1/editor/hotword-blocklist' as const, key: ['editor', 'blocklist'] as const },
};
export type WordListName = keyof typeof WORD_LISTS;

/** How often the page asks while a job is queued or running. */
export const POLL_MS = 1000;

export const jobsQuery = () =>
  queryOptions({
    queryKey: JOBS_KEY,
    queryFn: ({ signal }) => api.get('/v1/editor/jobs', undefined, { signal }),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.list.some(isActive) ? POLL_MS : false),
  });

export const rejectedQuery = (polling: boolean) =>
  queryOptions({
    queryKey: REJECTED_KEY,
    queryFn: ({ signal }) => api.get('/v1/editor/rejected', undefined, { signal }),
    staleTime: 0,
    refetchInterval: polling ? 5 * POLL_MS : false,
  });

export const wordListQuery = (name: WordListName) =>
  queryOptions({
    queryKey: WORD_LISTS[name].key,
    queryFn: ({ signal }) => api.get(WORD_LISTS[name].path, undefined, { signal }),
    staleTime: Infinity,
  });

export function useStartJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { kind: JobKind['kind']; target?: string }) => api.write('post', '/v1/editor/jobs', { body }),
    onSuccess: ({ msg }) => {
      toast(msg || '任务已开始', 'success');
      client.invalidateQueries({ queryKey: JOBS_KEY });
    },
  });
}

export function useCancelJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.write('post', '/v1/editor/jobs/{job_id}/cancel', { params: { path: { job_id: id } } }),
    onSuccess: ({ msg }) => {
      toast(msg || '已请求取消', 'success');
      client.invalidateQueries({ queryKey: JOBS_KEY });
    },
  });
}

export function useRetryRejected() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.write('post', '/v1/editor/rejected/{rejected_id}/retry', { params: { path: { rejected_id: id } } }),
    onSuccess: ({ msg }) => {
      toast(msg || '已重新加入索引队列', 'success');
      client.invalidateQueries({ queryKey: REJECTED_KEY });
    },
  });
}

export function useSaveWordList(name: WordListName) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => api.write('put', WORD_LISTS[name].path, { body: { text } }),
    onSuccess: ({ data, msg }) => {
      client.setQueryData(WORD_LISTS[name].key, data);
      toast(msg || '保存成功', 'success');
    },
  });
}
