/**
 * The rich-text allow-list: the server rebuilds stored HTML from it and the web filters
 * displayed HTML with it again. One list, so the two can never drift apart. No zod import.
 */
export const ALLOWED_TAGS: ReadonlySet<string> = new Set([
  'p', 'br', 'b', 'strong', 'i', 'em', 'u', 's', 'strike', 'del', 'ins', 'span', 'div', 'font', 'h1', 'h2', 'h3', 'h4', 'h5',
  'h6', 'ul', 'ol', 'li', 'blockquote', 'pre', 'code', 'a', 'img', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th',
  'caption', 'colgroup', 'col', 'hr', 'sub', 'sup', 'small', 'mark', 'figure', 'figcaption',
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
  'color', 'background-color', 'font-size', 'font-weight', 'font-style', 'font-family', 'text-align', 'text-decoration',
  'text-indent', 'line-height', 'letter-spacing', 'vertical-align', 'white-space', 'width', 'height', 'max-width', 'margin',
  'margin-left', 'margin-right', 'margin-top', 'margin-bottom', 'padding', 'padding-left', 'padding-right', 'padding-top',
  'padding-bottom', 'border', 'border-collapse', 'border-color', 'border-style', 'border-width',
]);
export const URL_SCHEMES: ReadonlySet<string> = new Set(['http', 'https', 'mailto', 'tel']);
