import { config } from './config';

export const DEFAULT_IMAGE = '/default-image.svg';
export const DEFAULT_AVATAR = '/default-avatar.svg';
export const COVER_WIDTH = 500;
export const DEFAULT_WIDTH = 200;

const IMAGE_EXT = /\.(png|jpe?g|gif|webp|bmp)$/i;

/** Pictures the site serves itself (the demo corpus's, /media/demo/): the API resizes them like an asset host. */
const SITE_MEDIA = /^\/media\//;

/**
 * Resize (and progressive-encode) only images on known asset hosts (or the site's /media/) with image
 * extensions. Anything but an http(s) URL or a path on this site (`javascript:`, `data:`, unparsable)
 * gives '' (no image): the importer refuses those, and this keeps old or foreign data out of <img src>.
 */
export function proxyImage(url: string | null | undefined, width: number = DEFAULT_WIDTH, hosts: string[] = config.assetHosts): string {
  if (!url) return '';
  let parsed: URL;
  try {
    parsed = new URL(url, 'http://relative.invalid');
  } catch {
    return '';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return '';
  const known = parsed.host === 'relative.invalid' ? SITE_MEDIA.test(parsed.pathname) : hosts.includes(parsed.hostname.toLowerCase());
  if (!known) return url;
  if (!IMAGE_EXT.test(parsed.pathname)) return url;
  if (parsed.searchParams.has('x-oss-process')) return url;
  const sep = parsed.search ? '&' : '?';
  return `${url}${sep}x-oss-process=image/resize,w_${width}/interlace,1`;
}
