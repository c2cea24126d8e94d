/**
 * HTML that the API has already made safe: titles and names are escaped by the API
 * (api/feed_items.py) or by Elasticsearch's HTML highlighter, with only <em> marks added.
 * Rendering it as is means trusting the API; nothing here re-escapes or re-checks it.
 */
export function serverHtml(html: string | null | undefined): { __html: string } {
  return { __html: html ?? '' };
}
