import type { PageType } from '@/api/types';

/** Content type follows the path: papers -> paper, events -> event, projects -> project, rankings -> ranking, else story. */
export function contentTypeOf(pathname: string): PageType {
  const first = pathname.split('/').filter(Boolean)[0] ?? '';
  if (first === 'papers' || first === 'paper' || first === 'trends') return 'paper';
  if (first === 'events') return 'event';
  if (first === 'projects') return 'project';
  if (first === 'rankings') return 'ranking';
  return 'story';
}
