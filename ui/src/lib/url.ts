/** An http or https URL with a host and no spaces (report links, covers, avatars). */
export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\/[^\s/?#]+[^\s]*$/i.test(value)) return false;
  try {
    const u = new URL(value);
    return (u.protocol === 'http:' || u.protocol === 'https:') && Boolean(u.hostname);
  } catch {
    return false;
  }
}
