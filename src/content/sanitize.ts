import DOMPurify from 'dompurify';

/**
 * The one allow-list of CMS rich text (articles, notices, event pages). Staff type HTML at
 * /admin/content and it is stored as typed; it is cleaned here, when rendered, so a stolen staff
 * account cannot plant scripts and a stricter list later also cleans old entries. Allowed: text
 * structure, lists, tables, links and images; no scripts, styles sheets, forms, frames or event
 * attributes (DOMPurify drops those and javascript: URLs).
 */
const ALLOWED_TAGS = [
  'p',
  'br',
  'hr',
  'h2',
  'h3',
  'h4',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'sub',
  'sup',
  'blockquote',
  'code',
  'pre',
  'span',
  'div',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'caption',
  'a',
  'img',
  'figure',
  'figcaption',
];
const ALLOWED_ATTR = ['href', 'title', 'target', 'rel', 'src', 'alt', 'width', 'height', 'colspan', 'rowspan', 'style'];
// Inline styles are limited to text alignment: anything else could overlay the page (clickjacking).
const SAFE_STYLE = /^\s*text-align\s*:\s*(left|right|center|justify)\s*;?\s*$/i;

let hooked = false;
function installHooks() {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    const el = node as Element;
    if (el.hasAttribute?.('style') && !SAFE_STYLE.test(el.getAttribute('style') ?? '')) el.removeAttribute('style');
    // Links leaving the page open without giving the new tab a handle on this one.
    if (el.tagName === 'A' && el.getAttribute('target')) el.setAttribute('rel', 'noopener noreferrer');
  });
}

/** Cleaned HTML of a CMS body, safe for dangerouslySetInnerHTML. */
export function sanitizeCmsHtml(html: string): string {
  installHooks();
  return DOMPurify.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR, ALLOW_DATA_ATTR: false });
}
