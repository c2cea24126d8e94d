/**
 * Defence in depth for story content: the API already sanitises it; this keeps an allow-list of
 * tags and attributes and drops scripts, event handlers, styles and javascript: URLs.
 */
const TAGS = new Set([
  'P', 'BR', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'UL', 'OL', 'LI', 'BLOCKQUOTE', 'PRE', 'CODE', 'STRONG', 'B', 'EM', 'I', 'U',
  'A', 'IMG', 'TABLE', 'THEAD', 'TBODY', 'TR', 'TH', 'TD', 'HR', 'SPAN', 'DIV', 'FIGURE', 'FIGCAPTION', 'SUP', 'SUB', 'DEL', 'S', 'MARK',
]);
const DROP = new Set(['SCRIPT', 'STYLE', 'IFRAME', 'OBJECT', 'EMBED', 'FORM', 'INPUT', 'BUTTON', 'TEXTAREA', 'SELECT', 'LINK', 'META', 'SVG', 'MATH']);
const ATTRS: Record<string, string[]> = { A: ['href', 'title'], IMG: ['src', 'alt', 'title', 'width', 'height'], TD: ['colspan', 'rowspan'], TH: ['colspan', 'rowspan'] };

function safeUrl(value: string): boolean {
  const v = value.trim().toLowerCase();
  return v.startsWith('http://') || v.startsWith('https://') || v.startsWith('/') || v.startsWith('#') || v.startsWith('mailto:');
}

function clean(node: Element) {
  for (const child of Array.from(node.children)) {
    if (DROP.has(child.tagName)) {
      child.remove();
      continue;
    }
    if (!TAGS.has(child.tagName)) {
      clean(child);
      child.replaceWith(...Array.from(child.childNodes));
      continue;
    }
    const allowed = ATTRS[child.tagName] ?? [];
    for (const attr of Array.from(child.attributes)) {
      if (!allowed.includes(attr.name) || ((attr.name === 'href' || attr.name === 'src') && !safeUrl(attr.value))) {
        child.removeAttribute(attr.name);
      }
    }
    if (child.tagName === 'A') {
      child.setAttribute('target', '_blank');
      child.setAttribute('rel', 'noopener noreferrer nofollow');
    }
    if (child.tagName === 'IMG') child.setAttribute('loading', 'lazy');
    clean(child);
  }
}

export function sanitizeHtml(html: string | null | undefined): string {
  if (!html) return '';
  const tpl = document.createElement('template');
  tpl.innerHTML = html;
  const root = document.createElement('div');
  root.appendChild(tpl.content.cloneNode(true));
  clean(root);
  return root.innerHTML;
}
