/** An event appears in several cached lists (events feed, search, home); this patches it everywhere. */
import type { QueryClient } from '@tanstack/react-query';
import type { EventInfo } from '@/api/types';

type EventPatch = Partial<EventInfo>;
interface ItemLike { event_info?: EventInfo | null }

function patchItem(item: unknown, id: number, patch: EventPatch): unknown {
  if (!item || typeof item !== 'object') return item;
  const it = item as ItemLike;
  if (it.event_info && it.event_info.id === id) {
    const event_info = { ...it.event_info, ...patch };
    return { ...it, event_info };
  }
  const bare = item as EventInfo;
  if (bare.id === id && 'color_status' in bare) return { ...bare, ...patch };
  return item;
}

function patchList(list: unknown[], id: number, patch: EventPatch): unknown[] | null {
  let changed = false;
  const next = list.map((item) => {
    const after = patchItem(item, id, patch);
    if (after !== item) changed = true;
    return after;
  });
  return changed ? next : null;
}

/** Walks {pages: [{list}]}, {list} and plain arrays (POST /v1/events/info). */
export function patchEventData(data: unknown, id: number, patch: EventPatch): unknown {
  if (!data || typeof data !== 'object') return data;
  if (Array.isArray(data)) return patchList(data, id, patch) ?? data;
  const d = data as { pages?: { list?: unknown[] }[]; list?: unknown[] };
  if (Array.isArray(d.pages)) {
    let changed = false;
    const pages = d.pages.map((p) => {
      if (!p || !Array.isArray(p.list)) return p;
      const list = patchList(p.list, id, patch);
      if (!list) return p;
      changed = true;
      return { ...p, list };
    });
    return changed ? { ...d, pages } : data;
  }
  if (Array.isArray(d.list)) {
    const list = patchList(d.list, id, patch);
    return list ? { ...d, list } : data;
  }
  return data;
}

export function patchEvent(client: QueryClient, id: number, patch: EventPatch): void {
  client.setQueriesData({ predicate: () => true }, (data: unknown) => {
    const after = patchEventData(data, id, patch);
    return after === data ? undefined : after;
  });
}
