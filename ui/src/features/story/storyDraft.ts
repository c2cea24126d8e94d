/** Write drafts in local storage (spec section 8: a storage quota error clears the stored drafts). */

export const DRAFT_PREFIX = 'hub:story-draft:';

export interface StoryDraft {
  title: string;
  content: string;
  summary: string;
  cover_url: string;
  tags: string[];
  story_show_user_name: boolean;
  saved_at: number;
}

/** 'new' for /create, the story id for /update/{id}. */
export const draftKey = (id: string | number | undefined) => `${DRAFT_PREFIX}${id ?? 'new'}`;

export function isQuotaError(e: unknown): boolean {
  if (!(e instanceof DOMException) && !(e instanceof Error)) return false;
  const code = (e as DOMException).code;
  return e.name === 'QuotaExceededError' || e.name === 'NS_ERROR_DOM_QUOTA_REACHED' || code === 22 || code === 1014;
}

/** Removes every stored draft. */
export function clearAllDrafts(storage: Storage = localStorage): void {
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i += 1) {
    const k = storage.key(i);
    if (k?.startsWith(DRAFT_PREFIX)) keys.push(k);
  }
  keys.forEach((k) => storage.removeItem(k));
}

export function loadDraft(key: string, storage: Storage = localStorage): StoryDraft | null {
  try {
    const raw = storage.getItem(key);
    if (!raw) return null;
    const d = JSON.parse(raw) as Partial<StoryDraft>;
    if (!d || typeof d !== 'object') return null;
    return {
      title: String(d.title ?? ''),
      content: String(d.content ?? ''),
      summary: String(d.summary ?? ''),
      cover_url: String(d.cover_url ?? ''),
      tags: Array.isArray(d.tags) ? d.tags.map(String) : [],
      story_show_user_name: d.story_show_user_name !== false,
      saved_at: Number(d.saved_at) || 0,
    };
  } catch {
    return null;
  }
}

/**
 * Stores the draft; on a quota error every stored draft is cleared (and false returned).
 * Other storage failures (private mode) are ignored.
 */
export function saveDraft(key: string, draft: StoryDraft, storage: Storage = localStorage): boolean {
  try {
    storage.setItem(key, JSON.stringify(draft));
    return true;
  } catch (e) {
    if (isQuotaError(e)) {
      try { clearAllDrafts(storage); } catch { /* storage unusable */ }
    }
    return false;
  }
}

export function removeDraft(key: string, storage: Storage = localStorage): void {
  try { storage.removeItem(key); } catch { /* storage unusable */ }
}
