import sanitize from 'sanitize-html';
import { ERROR_CODES } from '@wager/contracts';
import {
  ALLOWED_TAGS,
  cleanStyle,
  countTags,
  DROP_WITH_CONTENT,
  GLOBAL_ATTRS,
  isSafeClass,
  isSafeLinkUrl,
  isSameOriginImageUrl,
  LINK_TARGETS,
  RICH_TEXT_MAX_CHARS,
  RICH_TEXT_MAX_DEPTH,
  RICH_TEXT_MAX_TAGS,
  TAG_ATTRS,
  URL_SCHEMES,
} from '@wager/contracts/html';
import { badRequest } from './errors.ts';

/**
 * Rich text (posts, comments' parents, notes, inquiries, answers, templates, pop-ups) is cleaned
 * by sanitize-html from the shared allow-list in @wager/contracts/html, which the web's display
 * filter (DOMPurify) uses too. Cross-cutting and free of any module, so every module may use it.
 */

/** Every attribute value goes through the same checks as on the web (one helper per rule). */
function cleanAttributes(tagName: string, attribs: sanitize.Attributes): sanitize.Tag {
  const out: sanitize.Attributes = {};
  for (const [name, value] of Object.entries(attribs)) {
    if (name === 'rel') continue; // set below for _blank only
    if (name === 'style') {
      const style = cleanStyle(value);
      if (style) out.style = style;
    } else if (name === 'href') {
      if (isSafeLinkUrl(value)) out.href = value.trim();
    } else if (name === 'src') {
      if (tagName === 'img' && isSameOriginImageUrl(value)) out.src = value.trim();
    } else if (name === 'target') {
      if (LINK_TARGETS.has(value)) out.target = value;
    } else if (name === 'class') {
      if (isSafeClass(value)) out.class = value;
    } else out[name] = value;
  }
  if (tagName === 'a' && out.target === '_blank') out.rel = 'noopener noreferrer';
  return { tagName, attribs: out };
}

const OPTIONS: sanitize.IOptions = {
  allowedTags: [...ALLOWED_TAGS],
  allowedAttributes: {
    ...Object.fromEntries(Object.entries(TAG_ATTRS).map(([tag, names]) => [tag, [...names]])),
    '*': [...GLOBAL_ATTRS],
    a: [...(TAG_ATTRS.a ?? []), 'rel'],
  },
  // The library's own scheme check runs after ours: a second lock on the same door.
  allowedSchemes: [...URL_SCHEMES],
  allowedSchemesByTag: { img: [] },
  nonTextTags: [...DROP_WITH_CONTENT],
  disallowedTagsMode: 'discard',
  // Styles are filtered by cleanStyle (shared with the web) instead of postcss: one rule, and a
  // 100 kB style attribute costs a split, not a CSS parse.
  parseStyleAttributes: false,
  enforceHtmlBoundary: false,
  transformTags: { '*': cleanAttributes },
};

/** `<` not followed by a tag name, `/`, `!` or `?`: HTML reads it as text. */
const STRAY_LT = /<(?![a-zA-Z/!?])/g;
/** A noncharacter: it never means anything in text, so one found in the input becomes U+FFFD. */
const STRAY_LT_MARK = '\uffff';

const tooLarge = (field: string) => badRequest('The content is too long or has too much formatting. Please shorten it.', field, ERROR_CODES.richTextTooLarge);

/**
 * The cleaned HTML. Refuses (400 `rich_text_too_large`) a text longer than RICH_TEXT_MAX_CHARS
 * or with more than RICH_TEXT_MAX_TAGS tags before parsing, and stops the parse of one whose
 * elements nest deeper than
 * RICH_TEXT_MAX_DEPTH: the parser's open-element stack (searched on every end tag) then stays
 * short, so the cost is linear in the text and one request can never hold the event loop.
 */
export function sanitizeHtml(input: string, field = 'content'): string {
  if (input.length > RICH_TEXT_MAX_CHARS || countTags(input) > RICH_TEXT_MAX_TAGS) throw tooLarge(field);
  // A `<` that cannot start a tag is text, but the parser reports each one as a text event of
  // its own (100 kB of `<` cost 60 ms). Marked with a noncharacter before parsing they stay one
  // text run; the mark becomes `&lt;` again afterwards, where it is text or an attribute value.
  const marked = input.replaceAll(STRAY_LT_MARK, '\ufffd').replace(STRAY_LT, STRAY_LT_MARK);
  // Every element the parser pushes is announced by onOpenTag and every pop (void elements,
  // implied and explicit closes) by onCloseTag, so `depth` is the parser's stack height.
  let depth = 0;
  const clean = sanitize(marked, {
    ...OPTIONS,
    onOpenTag: () => {
      if (++depth > RICH_TEXT_MAX_DEPTH) throw tooLarge(field);
    },
    onCloseTag: () => {
      depth--;
    },
  });
  return clean.replaceAll(STRAY_LT_MARK, '&lt;');
}

const TEXT_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', nbsp: ' ' };

/** True when sanitised HTML shows nothing: no text (spaces and &nbsp; aside) and no image with a source. */
export function isBlankHtml(html: string): boolean {
  if (/<img [^>]*src="/.test(html)) return false;
  const text = html.replace(/<[^>]*>/g, '').replace(/&(amp|lt|gt|quot|nbsp);/g, (_, e: string) => TEXT_ENTITIES[e] ?? '');
  return text.replace(/[\s\u00a0\u200b]/g, '') === '';
}
