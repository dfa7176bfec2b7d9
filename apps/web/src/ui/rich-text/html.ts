import { UPLOAD_EXTENSIONS, UPLOAD_MAX_BYTES } from '@wager/contracts/constants';

/**
 * HTML helpers for the rich-text editor. The server sanitises every stored post, note, inquiry
 * and answer; the display side filters again with the same allow-list (lib/rich-html.ts).
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
  const text = html.replace(/<[^>]*>/g, '').replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);?/gi, (whole, e: string) => {
    if (e[0] !== '#') return ENTITIES[e.toLowerCase()] ?? whole;
    const cp = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
    return Number.isFinite(cp) && cp > 0 && cp <= 0x10ffff ? String.fromCodePoint(cp) : '';
  });
  return text.replace(/[\s\u00a0\u200b]/g, '') === '';
}
