import { useEffect } from 'react';
import { config } from '@/lib/config';
import { injectedSite } from '@/lib/site';
import { PAGE_META_EVENT } from '@/lib/wechat/landing';

export interface PageMeta {
  /** the page's summary: meta description and og:description */
  description?: string | null;
  /** the page's picture (og:image), a site path or an http(s) URL */
  image?: string | null;
}

/** The head element `<meta {attr}="{key}">`, created when the shell has none. */
function metaTag(attr: 'name' | 'property', key: string): HTMLMetaElement {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  if (!tag) {
    tag = document.createElement('meta');
    tag.setAttribute(attr, key);
    document.head.appendChild(tag);
  }
  return tag;
}

function setMeta(attr: 'name' | 'property', key: string, value: string | null) {
  if (value) metaTag(attr, key).content = value;
  else document.head.querySelector(`meta[${attr}="${key}"]`)?.remove();
}

/**
 * The page's title, description and Open Graph tags, kept in step with the page on client-side
 * navigation (the server renders the same into the first page's HTML: api/html_shell.py). Pages
 * without a description or picture get the site's description and no picture.
 */
export function useDocumentTitle(title?: string | null, meta: PageMeta = {}) {
  const { description, image } = meta;
  useEffect(() => {
    const site = injectedSite();
    const name = site?.name ?? config.product;
    const summary = description?.trim() || site?.description || null;
    const picture = image ? new URL(image, window.location.origin).href : null;
    document.title = title ? `${title} - ${name}` : name;
    setMeta('property', 'og:title', title || name);
    setMeta('property', 'og:url', window.location.origin + window.location.pathname);
    setMeta('name', 'description', summary);
    setMeta('property', 'og:description', summary);
    setMeta('property', 'og:image', picture && /^https?:/.test(picture) ? picture : null);
    // Inside WeChat the share card follows the page (src/lib/wechat); nobody listens elsewhere.
    window.dispatchEvent(new Event(PAGE_META_EVENT));
  }, [title, description, image]);
}
