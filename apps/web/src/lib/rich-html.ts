import DOMPurify, { type Config, type DOMPurify as Purifier, type UponSanitizeAttributeHookEvent } from 'dompurify';
import {
  ALLOWED_TAGS,
  cleanStyle,
  DROP_WITH_CONTENT,
  GLOBAL_ATTRS,
  isSafeClass,
  isSafeLinkUrl,
  isSameOriginImageUrl,
  LINK_TARGETS,
  TAG_ATTRS,
} from '@wager/contracts/html';

/**
 * The display filter for stored rich text (posts, notes, inquiries, answers, pop-ups), on every
 * site. The server already cleaned it on write (sanitize-html); DOMPurify cleans it again in the
 * browser from the same allow-list and the same value checks (@wager/contracts/html), so a row
 * that reached the database another way (seeds, older data, a future tool) cannot run script
 * or load an image from another origin either.
 */

const ALL_ATTRS = [...new Set([...GLOBAL_ATTRS, ...Object.values(TAG_ATTRS).flatMap((names) => [...names])])];

const CONFIG: Config = {
  ALLOWED_TAGS: [...ALLOWED_TAGS],
  // DOMPurify's list is global; the per-tag part of the allow-list is applied in the hook.
  ALLOWED_ATTR: ALL_ATTRS,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ADD_FORBID_CONTENTS: [...DROP_WITH_CONTENT],
};

/** The same per-attribute checks as the server's sanitize-html transform (platform/html.ts). */
function checkAttribute(node: Element, data: UponSanitizeAttributeHookEvent): void {
  const tag = node.nodeName.toLowerCase();
  const name = data.attrName;
  const value = data.attrValue;
  let keep = GLOBAL_ATTRS.has(name) || Boolean(TAG_ATTRS[tag]?.has(name));
  if (keep && name === 'href') keep = isSafeLinkUrl(value);
  else if (keep && name === 'src') keep = tag === 'img' && isSameOriginImageUrl(value);
  else if (keep && name === 'target') keep = LINK_TARGETS.has(value);
  else if (keep && name === 'class') keep = isSafeClass(value);
  else if (keep && name === 'style') {
    data.attrValue = cleanStyle(value);
    keep = data.attrValue !== '';
  }
  data.keepAttr = keep;
}

function relOfBlankTargets(node: Element): void {
  if (node.nodeName === 'A' && node.getAttribute('target') === '_blank') node.setAttribute('rel', 'noopener noreferrer');
}

let purifier: Purifier | undefined;

/** One DOMPurify instance of our own, so its hooks never touch another user of the library. */
function getPurifier() {
  if (!purifier) {
    purifier = DOMPurify(window);
    purifier.addHook('uponSanitizeAttribute', checkAttribute);
    purifier.addHook('afterSanitizeAttributes', relOfBlankTargets);
  }
  return purifier;
}

/** HTML safe to insert with dangerouslySetInnerHTML. */
export function sanitizeForDisplay(html: string): string {
  if (!html) return '';
  return getPurifier().sanitize(html, CONFIG);
}
