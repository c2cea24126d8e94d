import { kindOfPageRoot, type FeedKind } from '@/kinds';

/** What a page lists, for its layout and tag rules: a kind with a feed page, or the people's rankings. */
export type PageType = FeedKind | 'ranking';

/** Content type follows the path's first segment: the kind whose pages start so (src/kinds), rankings, else story. */
export function contentTypeOf(pathname: string): PageType {
  const first = pathname.split('/').filter(Boolean)[0] ?? '';
  if (first === 'rankings') return 'ranking';
  const kind = kindOfPageRoot(first);
  // a kind without a feed page of its own (link) is laid out as the stories are
  return kind && kind !== 'link' ? kind : 'story';
}
