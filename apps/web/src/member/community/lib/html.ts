import { ALLOWED_TAGS, GLOBAL_ATTRS, STYLE_PROPS, TAG_ATTRS, URL_SCHEMES } from '@wager/contracts/html';
import { UPLOAD_EXTENSIONS, UPLOAD_MAX_BYTES } from '@wager/contracts';

/**
 * HTML helpers for rich text. The server sanitises every stored post, note, inquiry and answer;
 * the display side filters again with the same allow-list (see sanitize-dom.ts) so a row that
 * reached the database another way (seeds, admin tools, older data) cannot run script either.
 */

export type UploadExt = (typeof UPLOAD_EXTENSIONS)[number];
export { UPLOAD_MAX_BYTES };

/** The upload PUT must carry the type the server expects for the extension (jpg is image/jpeg). */
export const UPLOAD_MIME: Record<UploadExt, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

const isUploadExt = (v: string): v is UploadExt => (UPLOAD_EXTENSIONS as readonly string[]).includes(v);

/** The file's upload extension from its MIME type, else its name; null when not an allowed image. */
export function uploadExtOf(file: { name: string; type: string }): UploadExt | null {
  const fromType = /^image\/([a-z]+)$/.exec(file.type.toLowerCase())?.[1];
  if (fromType === 'jpeg') return 'jpg';
  if (fromType && isUploadExt(fromType)) return fromType;
  const fromName = /\.([a-z0-9]+)$/.exec(file.name.toLowerCase())?.[1] ?? '';
  return isUploadExt(fromName) ? fromName : null;
}

/** Spec §7: the stored image URL is the signed URL without its query. */
export function stripQuery(url: string): string {
  const cut = url.search(/[?#]/);
  return cut < 0 ? url : url.slice(0, cut);
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

export function imageHtml(url: string): string {
  return `<img src="${escapeHtml(url)}" alt="">`;
}

const ENTITIES: Record<string, string> = { nbsp: ' ', amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Same rule as the server: no visible text (spaces and &nbsp; aside) and no image means empty. */
export function isBlankHtml(html: string): boolean {
  if (/<img\s/i.test(html)) return false;
  const text = html
    .replace(/<[^>]*>/g, '')
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);?/gi, (whole, e: string) => {
      if (e[0] !== '#') return ENTITIES[e.toLowerCase()] ?? whole;
      const cp = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return Number.isFinite(cp) && cp > 0 && cp <= 0x10ffff ? String.fromCodePoint(cp) : '';
    });
  return text.replace(/[\s\u00a0\u200b]/g, '') === '';
}

// ---- the allow-list is shared with the server (@wager/contracts/html)
export { ALLOWED_TAGS };

export function isAllowedAttribute(tag: string, name: string): boolean {
  return GLOBAL_ATTRS.has(name) || Boolean(TAG_ATTRS[tag]?.has(name));
}

/** Relative, http(s), mailto and tel links; inline base64 images for img src. Nothing else. */
export function isSafeUrl(value: string, inlineImage = false): boolean {
  const probe = value.trim().replace(/[\u0000-\u0020\u007f-\u009f]/g, '').toLowerCase();
  const colon = probe.indexOf(':');
  const sep = probe.search(/[/?#]/);
  if (colon < 0 || (sep >= 0 && sep < colon)) return true;
  if (URL_SCHEMES.has(probe.slice(0, colon))) return true;
  return inlineImage && /^data:image\/(png|jpe?g|gif|webp);base64,[a-z0-9+/=]+$/.test(probe);
}

/** Keeps plain formatting declarations only; no url(), expression() or imports. */
export function cleanStyle(value: string): string {
  return value
    .split(';')
    .map((decl) => {
      const at = decl.indexOf(':');
      if (at < 0) return null;
      const prop = decl.slice(0, at).trim().toLowerCase();
      const v = decl.slice(at + 1).trim();
      if (!STYLE_PROPS.has(prop) || !v || !/^[#\w\s.,%()'"!+-]*$/.test(v) || /url|expression|javascript|import|behavior/i.test(v)) return null;
      return `${prop}: ${v}`;
    })
    .filter(Boolean)
    .join('; ');
}
