/**
 * The rich-text allow-list: the server sanitises stored HTML with it (sanitize-html, in
 * platform/html.ts) and the web filters displayed HTML with it again (DOMPurify, in
 * apps/web/src/lib/rich-html.ts). One list and one set of value checks, so the two can never
 * drift apart. No zod import, no DOM: plain functions both sides call.
 */
export const ALLOWED_TAGS: ReadonlySet<string> = new Set([
  'p',
  'br',
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'strike',
  'del',
  'ins',
  'span',
  'div',
  'font',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'blockquote',
  'pre',
  'code',
  'a',
  'img',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'td',
  'th',
  'caption',
  'colgroup',
  'col',
  'hr',
  'sub',
  'sup',
  'small',
  'mark',
  'figure',
  'figcaption',
]);
export const GLOBAL_ATTRS: ReadonlySet<string> = new Set(['style', 'class', 'title', 'align', 'dir']);
const TABLE_CELL: ReadonlySet<string> = new Set(['colspan', 'rowspan', 'width', 'height', 'valign']);
export const TAG_ATTRS: Readonly<Record<string, ReadonlySet<string>>> = {
  a: new Set(['href', 'target']),
  img: new Set(['src', 'alt', 'width', 'height']),
  td: TABLE_CELL,
  th: TABLE_CELL,
  table: new Set(['border', 'cellpadding', 'cellspacing', 'width']),
  col: new Set(['span', 'width']),
  colgroup: new Set(['span', 'width']),
  ol: new Set(['start', 'type']),
  font: new Set(['color', 'size', 'face']),
};
export const STYLE_PROPS: ReadonlySet<string> = new Set([
  'color',
  'background-color',
  'font-size',
  'font-weight',
  'font-style',
  'font-family',
  'text-align',
  'text-decoration',
  'text-indent',
  'line-height',
  'letter-spacing',
  'vertical-align',
  'white-space',
  'width',
  'height',
  'max-width',
  'margin',
  'margin-left',
  'margin-right',
  'margin-top',
  'margin-bottom',
  'padding',
  'padding-left',
  'padding-right',
  'padding-top',
  'padding-bottom',
  'border',
  'border-collapse',
  'border-color',
  'border-style',
  'border-width',
]);
export const URL_SCHEMES: ReadonlySet<string> = new Set(['http', 'https', 'mailto', 'tel']);

/** Longest rich text accepted (characters), checked before any parsing. */
export const RICH_TEXT_MAX_CHARS = 100_000;
/**
 * Deepest nesting of elements one rich text may reach. HTML parsers keep a stack of open
 * elements and search it on every end tag, so thousands of unclosed tags followed by thousands
 * of unmatched end tags cost (depth × end tags). Bounding the depth keeps parsing linear in the
 * text; editor output nests a handful of levels, pasted pages a few dozen.
 */
export const RICH_TEXT_MAX_DEPTH = 100;
/**
 * Most tags (start or end) one rich text may hold, counted in one pass before parsing. Every
 * tag costs the parser a few microseconds, so this caps the work a short text of bare tags
 * (`<p>` × 33,000 fits in 100 kB) can ask for. The editor pastes plain text and formats with
 * its toolbar, so its output stays below it: a line per paragraph is 2 tags per 40–80
 * characters, and 100 kB of bold, colour and line breaks on every line is about 8,000.
 */
export const RICH_TEXT_MAX_TAGS = 10_000;

/** Number of `<x` and `</x` (x an ASCII letter): every tag a parser could open or close. */
export function countTags(html: string): number {
  let n = 0;
  for (let i = html.indexOf('<'); i >= 0; i = html.indexOf('<', i + 1)) {
    const next = html.charCodeAt(i + 1) === 47 /* / */ ? i + 2 : i + 1;
    const c = html.charCodeAt(next) | 0x20; // ASCII lower case
    if (c >= 97 && c <= 122) n++;
  }
  return n;
}

/** What browsers ignore inside a URL's scheme ("java\tscript:"): control characters and spaces. */
const urlProbe = (value: string) => value.replace(/[\u0000-\u0020\u007f-\u009f]/g, '').toLowerCase();
const schemeOf = (probe: string) => {
  const colon = probe.indexOf(':');
  const sep = probe.search(/[/?#\\]/);
  return colon < 0 || (sep >= 0 && sep < colon) ? null : probe.slice(0, colon);
};

/** Links: relative, or one of URL_SCHEMES. Every other scheme (javascript:, data:, vbscript:) is refused. */
export function isSafeLinkUrl(value: string): boolean {
  const scheme = schemeOf(urlProbe(value));
  return scheme === null || URL_SCHEMES.has(scheme);
}

/**
 * Images load only from this site: a path (/uploads/…) or a relative URL. Any scheme
 * (http:, data:, javascript:) and any protocol-relative form (//host, /\host, \\host) points
 * elsewhere or can, so it is refused: a remote image would tell another server who read what.
 */
export function isSameOriginImageUrl(value: string): boolean {
  const probe = urlProbe(value);
  if (!probe || probe.includes('\\')) return false;
  return schemeOf(probe) === null && !probe.startsWith('//');
}

/** A declaration value: words, numbers, colours, lists; no url(), expression(), escapes or comments. */
const STYLE_VALUE = /^[#\w\s.,%()'"!+-]*$/;
const STYLE_DANGER = /url|expression|javascript|import|behavior/i;

/** Keeps the STYLE_PROPS declarations with plain values, as `prop: value; …`; '' when none is left. */
export function cleanStyle(value: string): string {
  const kept: string[] = [];
  for (const decl of value.split(';')) {
    const at = decl.indexOf(':');
    if (at < 0) continue;
    const prop = decl.slice(0, at).trim().toLowerCase();
    const v = decl.slice(at + 1).trim();
    if (STYLE_PROPS.has(prop) && v && STYLE_VALUE.test(v) && !STYLE_DANGER.test(v)) kept.push(`${prop}: ${v}`);
  }
  return kept.join('; ');
}

/** Class names: letters, digits, `_`, `-` and spaces, short. */
export const isSafeClass = (value: string): boolean => /^[\w\s-]{0,200}$/.test(value);

/** Link targets a writer may choose; `_blank` always gets rel="noopener noreferrer". */
export const LINK_TARGETS: ReadonlySet<string> = new Set(['_blank', '_self']);

/**
 * Elements removed together with everything inside them: their text is code, not content.
 * Any other tag not in ALLOWED_TAGS is unwrapped (its text stays, the tag goes).
 */
export const DROP_WITH_CONTENT: ReadonlySet<string> = new Set([
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'noscript',
  'noembed',
  'noframes',
  'template',
  'textarea',
  'title',
  'xmp',
  'plaintext',
  'svg',
  'math',
  'select',
  'option',
  'head',
  'link',
  'meta',
  'base',
]);
