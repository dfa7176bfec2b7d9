import { createHmac, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../../platform/db.ts';
import type { Deps } from '../../platform/deps.ts';
import { AppError, tooMany } from '../../platform/errors.ts';
import type { Auth } from '../../platform/http.ts';
import { isSessionLive } from '../auth/index.ts';
import { getSettings } from '../settings/index.ts';
import * as repo from './repo.ts';

/**
 * Image uploads (spec §7 getSignedUrl): a signed-in user asks for a URL, then PUTs the raw
 * file to it without credentials. The URL names a random file and carries an HMAC of the
 * name and expiry, so it can only store that one file, once, before it expires. The stored
 * image's URL is the signed URL without its query.
 *
 * The HMAC key is 32 random bytes created on first use and kept in the settings table (key
 * `upload_signing_secret`), so every server process and restart signs alike.
 *
 * Each link is an `uploads` row naming the account and the session that asked for it (decision
 * 051): the PUT works only while that session lives and within the account's quota
 * (`settings.upload_quota`); a stored file no content uses is served only while the session lives
 * and is swept after `unattached_hours` (`sweep.ts`); a file content uses stays public.
 */

export const UPLOAD_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif', 'webp'] as const;
/** Sounds: only the admin's sound settings ask for these (decision 039); the public call offers images only. */
export const SOUND_EXTENSIONS = ['mp3', 'wav', 'ogg'] as const;
export type UploadExt = (typeof UPLOAD_EXTENSIONS)[number] | (typeof SOUND_EXTENSIONS)[number];
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const URL_TTL_SECONDS = 10 * 60;
export const PUT_PREFIX = '/uploads/put/';

const MIME: Record<UploadExt, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
};
const FILE_NAME = /^[a-f0-9]{32}\.(png|jpg|jpeg|gif|webp|mp3|wav|ogg)$/;

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

const ownerOf = (auth: Pick<Auth, 'audience' | 'subjectId'>) => `${auth.audience}:${auth.subjectId}`;

export async function createSignedUrl(deps: Deps, auth: Pick<Auth, 'audience' | 'subjectId' | 'sessionId'>, ext: UploadExt) {
  const who = ownerOf(auth);
  if ((await deps.limiter.add(`upload-sign:${who}`, 10 * 60_000)) > 60) throw tooMany('Too many uploads. Please try again later.', 'upload_rate_limited');
  const file = `${deps.rng.bytes(16).toString('hex')}.${ext}`;
  await repo.insertUpload(deps.db, { file, owner: who, sessionId: auth.sessionId, at: deps.clock.now() });
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
  if (exp * 1000 < deps.clock.now().getTime()) throw expired();
  const row = await repo.findUpload(deps.db, r.file);
  // A link signed before links had rows (decision 051) is refused like a forged one.
  if (!row) throw new AppError(403, 'upload_bad_signature', 'This upload link is not valid.');
  if (row.stored_at) throw used();
  // The link ends with the session that asked for it (logout, idle expiry, revocation).
  if (!(await isSessionLive(deps, row.session_id))) throw expired();
  const type = (r.contentType ?? '').split(';')[0].trim().toLowerCase();
  if (type !== contentTypeOf(r.file)) throw new AppError(415, 'upload_bad_type', `Only ${contentTypeOf(r.file)} can be stored at this link.`);
  if (Number(r.contentLength ?? 0) > UPLOAD_MAX_BYTES) throw tooLarge();
}

const expired = () => new AppError(403, 'upload_expired', 'This upload link has expired. Please upload the image again.');
const used = () => new AppError(409, 'upload_used', 'This upload link was already used.');
const overQuota = (limitMb: number) =>
  new AppError(413, 'upload_quota_exceeded', `Your upload limit (${limitMb} MB) is reached. Please try again later.`, undefined, {
    params: { limit_mb: String(limitMb) },
  });

/** Refuses `bytes` more when the account stored too much in the window or holds too much (under its lock). */
function checkQuota(q: { window_mb: number; total_mb: number }, use: { recent: bigint; held: bigint }, bytes: number) {
  const mb = (n: number) => BigInt(n) * 1024n * 1024n;
  if (use.recent + BigInt(bytes) > mb(q.window_mb)) throw overQuota(q.window_mb);
  if (use.held + BigInt(bytes) > mb(q.total_mb)) throw overQuota(q.total_mb);
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
    case 'wav':
      return b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WAVE';
    case 'ogg':
      return b.subarray(0, 4).toString('latin1') === 'OggS';
    case 'mp3':
      // An ID3 tag, or an MPEG audio frame sync.
      return b.subarray(0, 3).toString('latin1') === 'ID3' || (b[0] === 0xff && (b[1] & 0xe0) === 0xe0);
  }
}

/**
 * Stores the body under the signed name; a link works once. The account's quota is decided under
 * its lock from its earlier uploads, in the transaction that records these bytes (the file is
 * written before the commit: a refused or failed store leaves neither). Answers the image URL.
 */
export async function storeUpload(deps: Deps, file: string, body: unknown) {
  if (!Buffer.isBuffer(body) || body.length === 0) throw new AppError(400, 'upload_empty', 'Please upload the image again.');
  if (body.length > UPLOAD_MAX_BYTES) throw tooLarge();
  if (!looksLike(extOf(file), body)) throw new AppError(415, 'upload_bad_type', 'The file is not a valid image. Please upload the image again.');
  const target = path.join(deps.config.uploadDir, file);
  await fs.mkdir(deps.config.uploadDir, { recursive: true });
  await deps.db.tx(async (sql) => {
    const row = await repo.findUpload(sql, file);
    if (!row) throw new AppError(403, 'upload_bad_signature', 'This upload link is not valid.');
    await repo.lockOwner(sql, row.owner);
    const { upload_quota: q } = await getSettings(sql);
    const at = deps.clock.now();
    checkQuota(q, await repo.usage(sql, row.owner, new Date(at.getTime() - q.window_minutes * 60_000)), body.length);
    if (!(await repo.markStored(sql, file, body.length, at))) throw used();
    try {
      await fs.writeFile(target, body, { flag: 'wx' });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EEXIST') throw used();
      throw e;
    }
  });
  return { url: `${PUT_PREFIX}${file}` };
}

/**
 * Whether a stored file may be served, and how (decision 051): a file from before upload rows, or
 * one content uses, is public; an unused one only while its session lives (no shared cache). When
 * the session has ended, content saved meanwhile may use it (then it is attached and public);
 * otherwise its link has ended: the file is deleted now rather than at the sweep.
 */
export async function uploadAccess(deps: Deps, file: string): Promise<'public' | 'private' | 'gone'> {
  const row = await repo.findUpload(deps.db, file);
  if (!row) return 'public';
  if (row.deleted_at || !row.stored_at) return 'gone';
  if (row.attached_at) return 'public';
  if (await isSessionLive(deps, row.session_id)) return 'private';
  const at = deps.clock.now();
  if ((await repo.referencedFiles(deps.db, [file], row.created_at)).length) {
    await repo.markAttached(deps.db, [file], at);
    return 'public';
  }
  await removeFiles(deps, [file], at);
  return 'gone';
}

/** Deletes unused files: the row first (no longer served), then the bytes. */
export async function removeFiles(deps: Deps, files: string[], at: Date) {
  for (const f of await repo.markDeleted(deps.db, files, at)) await fs.rm(path.join(deps.config.uploadDir, f), { force: true });
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
