import { lazy, type ComponentType } from 'react';

const KEY = 'aihub:chunk-reload-at';
const MINUTE = 60 * 1000;

/** True when a failed chunk load may reload the page (at most once a minute). */
export function shouldReloadForChunk(now: number = Date.now()): boolean {
  let last = 0;
  try {
    last = Number(localStorage.getItem(KEY) || 0);
  } catch {
    /* ignore */
  }
  if (now - last < MINUTE) return false;
  try {
    localStorage.setItem(KEY, String(now));
  } catch {
    /* ignore */
  }
  return true;
}

export function isChunkError(err: unknown): boolean {
  const msg = err instanceof Error ? `${err.name} ${err.message}` : String(err);
  return /Loading chunk|dynamically imported module|Importing a module script failed|ChunkLoadError|error loading dynamically/i.test(msg);
}

/** React.lazy that reloads the page once a minute at most when a new deploy removed an old chunk. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same bound as React.lazy's own; T keeps the page's real props
export function lazyPage<T extends ComponentType<any>>(factory: () => Promise<{ default: T }>) {
  return lazy(() =>
    factory().catch((err) => {
      if (isChunkError(err) && shouldReloadForChunk()) {
        window.location.reload();
        return new Promise<{ default: T }>(() => {});
      }
      throw err;
    }),
  );
}
