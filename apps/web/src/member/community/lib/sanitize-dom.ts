import { ALLOWED_TAGS, cleanStyle, isAllowedAttribute, isSafeUrl } from './html.ts';

/** Elements removed with everything inside them (their text is code, not content). */
const DROP_WITH_CONTENT = new Set([
  'script', 'style', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'noscript', 'noembed', 'noframes', 'template',
  'textarea', 'title', 'xmp', 'plaintext', 'svg', 'math', 'select', 'head', 'link', 'meta', 'base', 'form', 'input', 'button',
]);

function cleanElement(el: Element): void {
  const tag = el.tagName.toLowerCase();
  for (const attr of Array.from(el.attributes)) {
    const name = attr.name.toLowerCase();
    let keep = isAllowedAttribute(tag, name);
    if (keep && (name === 'href' || name === 'src')) keep = isSafeUrl(attr.value, tag === 'img' && name === 'src');
    if (keep && name === 'target') keep = attr.value === '_blank' || attr.value === '_self';
    if (keep && name === 'style') {
      const style = cleanStyle(attr.value);
      if (style) el.setAttribute('style', style);
      else keep = false;
    }
    if (!keep) el.removeAttribute(attr.name);
  }
  if (tag === 'a' && el.getAttribute('target') === '_blank') el.setAttribute('rel', 'noopener noreferrer');
}

function walk(parent: Node): void {
  for (const node of Array.from(parent.childNodes)) {
    if (node.nodeType === Node.COMMENT_NODE || node.nodeType === Node.PROCESSING_INSTRUCTION_NODE) {
      node.remove();
      continue;
    }
    if (node.nodeType !== Node.ELEMENT_NODE) continue;
    const el = node as Element;
    const tag = el.tagName.toLowerCase();
    if (DROP_WITH_CONTENT.has(tag)) {
      el.remove();
      continue;
    }
    walk(el);
    if (!ALLOWED_TAGS.has(tag)) {
      el.replaceWith(...Array.from(el.childNodes));
      continue;
    }
    cleanElement(el);
  }
}

/**
 * Filters HTML for display with the server's allow-list. DOMParser builds an inert document
 * (no script runs, no image loads), so the markup can be inspected before React inserts it.
 */
export function sanitizeForDisplay(html: string): string {
  if (!html) return '';
  const doc = new DOMParser().parseFromString(`<!doctype html><body>${html}`, 'text/html');
  walk(doc.body);
  return doc.body.innerHTML;
}
