import { errorText } from '../../i18n/error-text.ts';
import { i18next } from '../../i18n/index.ts';
import { requestUploadUrl } from './queries.ts';
import { stripQuery, UPLOAD_MAX_BYTES, UPLOAD_MIME, uploadExtOf } from './html.ts';

export type UploadResult = { ok: true; url: string } | { ok: false; message: string };

/** Server refusals worth naming; every other failure asks for the image again (spec §5). */
const SPECIFIC = new Set(['upload_too_large', 'upload_bad_type', 'upload_rate_limited', 'rate_limited']);

function failed(code?: string, message = ''): UploadResult {
  if (code && SPECIFIC.has(code)) return { ok: false, message: errorText({ code, message }) };
  return { ok: false, message: i18next.t('community.editor.uploadAgain') };
}

/**
 * Spec §7 upload: ask for a signed URL, PUT the file to it without credentials and with the
 * image's content type, then use the URL without its query as the stored image address.
 */
export async function uploadImage(file: File): Promise<UploadResult> {
  const ext = uploadExtOf(file);
  if (!ext) return failed('upload_bad_type');
  if (file.size > UPLOAD_MAX_BYTES) return failed('upload_too_large');
  if (file.size === 0) return failed();

  const signed = await requestUploadUrl(ext);
  if (!signed.result) return failed(signed.error.code, signed.error.message);

  try {
    const response = await fetch(signed.data.url, {
      method: 'PUT',
      body: file,
      headers: { 'content-type': UPLOAD_MIME[ext] },
      credentials: 'omit',
    });
    if (!response.ok) {
      const body = (await response.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null;
      return failed(body?.error?.code, body?.error?.message);
    }
  } catch {
    return failed();
  }
  return { ok: true, url: stripQuery(signed.data.url) };
}
