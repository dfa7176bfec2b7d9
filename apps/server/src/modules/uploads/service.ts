import { createHmac, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../../platform/db.ts';
import type { Deps } from '../../platform/deps.ts';
import { AppError, tooMany } from '../../platform/errors.ts';
import * as repo from './repo.ts';

/**
 * Image uploads (spec §7 getSignedUrl): a signed-in user asks for a URL, then PUTs the raw
 * file to it without credentials. The URL names a random file and carries an HMAC of the
 * name and expiry, so it can only store that one file, once, before it expires. The stored
 * image's URL is the signed URL without its query.
 *
 * The HMAC key is 32 random bytes created on first use and kept in the settings table (key
 * `upload_signing_secret`), so every server process and restart signs alike.
 */

export const UPLOAD_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif', 'webp'] as const;
export type UploadExt = (typeof UPLOAD_EXTENSIONS)[number];
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const URL_TTL_SECONDS = 10 * 60;
export const PUT_PREFIX = '/uploads/put/';

const MIME: Record<UploadExt, string> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' };
const FILE_NAME = /^[a-f0-9]{32}\.(png|jpg|jpeg|gif|webp)$/;

const keys = new WeakMap<Db, Promise<Buffer>>();

function signingKey(deps: Deps): Promise<Buffer> {
  let key = keys.get(deps.db);
  if (!key) {
    key = (async () => {
      let hex = await repo.readSigningSecret(deps.db);
      if (!hex) {
        await repo.insertSigningSecret(deps.db, deps.rng.bytes(32).toString('hex'), deps.clock.now());
        hex = await repo.readSigningSecret(deps.db);
      }
      return Buffer.from(hex!, 'hex');
    })();
    key.catch(() => keys.delete(deps.db));
    keys.set(deps.db, key);
  }
  return key;
}

const sign = (key: Buffer, file: string, exp: number) => createHmac('sha256', key).update(`${file}\n${exp}`).digest('hex');
const extOf = (file: string) => file.slice(file.lastIndexOf('.') + 1) as UploadExt;

export const isUploadName = (file: string) => FILE_NAME.test(file);
export const contentTypeOf = (file: string) => MIME[extOf(file)];

export async function createSignedUrl(deps: Deps, who: string, ext: UploadExt) {
  if ((await deps.limiter.add(`upload-sign:${who}`, 10 * 60_000)) > 60) throw tooMany('Too many uploads. Please try again later.', 'upload_rate_limited');
  const file = `${deps.rng.bytes(16).toString('hex')}.${ext}`;
  const exp = Math.floor(deps.clock.now().getTime() / 1000) + URL_TTL_SECONDS;
  const sig = sign(await signingKey(deps), file, exp);
  return { url: `${PUT_PREFIX}${file}?sig=${sig}&exp=${exp}`, expires_at: new Date(exp * 1000).toISOString() };
}

/** Refuses a PUT before its body is read: wrong name, signature, expiry, type or size. */
export async function checkUploadRequest(
  deps: Deps,
  r: { file: string; sig?: string; exp?: string; contentType?: string; contentLength?: string },
) {
  if (!isUploadName(r.file)) throw new AppError(404, 'upload_not_found', 'This upload link is not valid.');
  const exp = Number(r.exp);
  const given = Buffer.from(typeof r.sig === 'string' && /^[a-f0-9]{64}$/.test(r.sig) ? r.sig : '', 'hex');
  const want = Buffer.from(sign(await signingKey(deps), r.file, exp), 'hex');
  if (!Number.isSafeInteger(exp) || given.length !== want.length || !timingSafeEqual(given, want))
    throw new AppError(403, 'upload_bad_signature', 'This upload link is not valid.');
  if (exp * 1000 < deps.clock.now().getTime()) throw new AppError(403, 'upload_expired', 'This upload link has expired. Please upload the image again.');
  const type = (r.contentType ?? '').split(';')[0].trim().toLowerCase();
  if (type !== contentTypeOf(r.file)) throw new AppError(415, 'upload_bad_type', `Only ${contentTypeOf(r.file)} can be stored at this link.`);
  if (Number(r.contentLength ?? 0) > UPLOAD_MAX_BYTES) throw tooLarge();
}

const tooLarge = () => new AppError(413, 'upload_too_large', 'The image is larger than 5 MB.');

/** The file's first bytes must say what its extension says; nothing else is ever stored. */
function looksLike(ext: UploadExt, b: Buffer) {
  switch (ext) {
    case 'png':
      return b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    case 'jpg':
    case 'jpeg':
      return b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;
    case 'gif':
      return /^GIF8[79]a$/.test(b.subarray(0, 6).toString('latin1'));
    case 'webp':
      return b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP';
  }
}

/** Stores the body under the signed name; a link works once. Answers the image URL. */
export async function storeUpload(deps: Deps, file: string, body: unknown) {
  if (!Buffer.isBuffer(body) || body.length === 0) throw new AppError(400, 'upload_empty', 'Please upload the image again.');
  if (body.length > UPLOAD_MAX_BYTES) throw tooLarge();
  if (!looksLike(extOf(file), body)) throw new AppError(415, 'upload_bad_type', 'The file is not a valid image. Please upload the image again.');
  await fs.mkdir(deps.config.uploadDir, { recursive: true });
  try {
    await fs.writeFile(path.join(deps.config.uploadDir, file), body, { flag: 'wx' });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') throw new AppError(409, 'upload_used', 'This upload link was already used.');
    throw e;
  }
  return { url: `${PUT_PREFIX}${file}` };
}

/** The stored bytes, or null when there is no such upload. */
export async function readUpload(deps: Deps, file: string) {
  if (!isUploadName(file)) return null;
  try {
    return await fs.readFile(path.join(deps.config.uploadDir, file));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
}
