import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/requestApi';

/** GET /v1/projects/{id}: one project with every tag and the papers joined to it. */
export const projectQuery = (id: string) =>
  queryOptions({
    queryKey: ['project', id],
    queryFn: ({ signal }) => api.get('/v1/projects/{project_id}', { params: { path: { project_id: Number(id) } } }, { signal }),
    enabled: /^\d+$/.test(id),
  });
