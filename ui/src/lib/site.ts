import { queryOptions } from '@tanstack/react-query';
import type { Site } from '@/api/types';
import { api } from './requestApi';

/** The id of the JSON the server writes into the HTML shell (api/html_shell.py). */
export const SITE_JSON_ID = 'hub-site';

/** The site's configuration from the HTML shell, or null (the Vite dev server serves a plain shell). */
export function injectedSite(doc: Document = document): Site | null {
  const text = doc.getElementById(SITE_JSON_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as Site;
  } catch {
    return null;
  }
}

/** GET /v1/site, seeded from the shell so the footer paints at once; the facts change only on deploy. */
export const siteQuery = () =>
  queryOptions({
    queryKey: ['site'] as const,
    queryFn: ({ signal }) => api.get('/v1/site', undefined, { signal }),
    initialData: injectedSite() ?? undefined,
    staleTime: Infinity,
  });
