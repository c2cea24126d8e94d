import { config } from './config';

export const DEFAULT_IMAGE = '/default-image.svg';
export const DEFAULT_AVATAR = '/default-avatar.svg';
export const COVER_WIDTH = 500;
export const DEFAULT_WIDTH = 200;

const IMAGE_EXT = /\.(png|jpe?g|gif|webp|bmp)$/i;

/**
 * Resize (and progressive-encode) only images on known asset hosts with image extensions. Anything
 * but an http(s) URL or a path on this site (`javascript:`, `data:`, unparsable) gives '' (no image):
 * the importer refuses those, and this keeps old or foreign data out of <img src> all the same.
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
  if (parsed.host === 'relative.invalid') return url;
  if (!hosts.includes(parsed.hostname.toLowerCase())) return url;
  if (!IMAGE_EXT.test(parsed.pathname)) return url;
  if (parsed.searchParams.has('x-oss-process')) return url;
  const sep = parsed.search ? '&' : '?';
  return `${url}${sep}x-oss-process=image/resize,w_${width}/interlace,1`;
}
