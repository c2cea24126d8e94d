import DOMPurify from 'dompurify';

/**
 * Story content for rendering. The API already cleans it with nh3; DOMPurify is kept as a cheap
 * second line (the content is user-written HTML, shown on our origin) and is where the page's own
 * choices are made: links open in a new tab without an opener, images load lazily.
 */
const purify = DOMPurify();
purify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A') {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer nofollow');
  }
  if (node.tagName === 'IMG') node.setAttribute('loading', 'lazy');
});

export function storyContentHtml(html: string | null | undefined): { __html: string } {
  return { __html: html ? purify.sanitize(html, { ADD_ATTR: ['target'] }) : '' };
}
