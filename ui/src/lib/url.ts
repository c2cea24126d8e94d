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

/** A picture the site serves itself (the demo corpus's /media/demo/…), kept when a cover or avatar is sent back. */
export function isSitePicture(value: string): boolean {
  return /^\/media\/[a-z0-9][a-z0-9_-]*\/[a-z0-9][a-z0-9-]{0,60}\.(?:webp|png|jpe?g)$/.test(value);
}

/** A cover or avatar: an http(s) URL or one of the site's own pictures. */
export const isPictureUrl = (value: string) => isHttpUrl(value) || isSitePicture(value);
