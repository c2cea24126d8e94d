/**
 * The link token rule (spec sections 6 and 9): the link service's bearer token is kept under one local
 * key; link calls (and the hub's link calls) carry `Authorization: Bearer` only when a token is stored.
 */
export const LINK_TOKEN_KEY = 'link_token';

export function linkToken(): string | null {
  try {
    return window.localStorage.getItem(LINK_TOKEN_KEY) || null;
  } catch {
    return null;
  }
}

export function storeLinkToken(token: string): void {
  try {
    window.localStorage.setItem(LINK_TOKEN_KEY, token);
  } catch {
    /* storage refused (private mode): the token lives for this call only */
  }
}

export function clearLinkToken(): void {
  try {
    window.localStorage.removeItem(LINK_TOKEN_KEY);
  } catch {
    /* nothing stored */
  }
}

/** The authorization header when a token is stored, otherwise no header at all. */
export function linkAuthHeaders(token: string | null = linkToken()): Record<string, string> {
  return token ? { Authorization: `Bearer ${token}` } : {};
}
