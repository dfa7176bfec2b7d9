import zlib from 'node:zlib';
import type { Page } from 'playwright-core';
import { apiCall } from './api.ts';

/** Reads and closes the alert/confirm dialog; returns its message. */
export async function acknowledge(page: Page): Promise<string> {
  await page.getByTestId('dialog').waitFor();
  const text = (await page.getByTestId('dialog-message').textContent()) ?? '';
  await page.getByTestId('dialog-ok').click();
  await page.getByTestId('dialog').waitFor({ state: 'detached' });
  return text;
}

/** Reads and closes the dialog when a confirm is followed by its success alert in the same dialog: waits for the text to change. */
export async function acknowledgeStep(page: Page): Promise<string> {
  await page.getByTestId('dialog').waitFor();
  const text = (await page.getByTestId('dialog-message').textContent()) ?? '';
  await page.getByTestId('dialog-ok').click();
  await page.waitForFunction((previous) => document.querySelector('[data-testid="dialog-message"]')?.textContent !== previous, text);
  return text;
}

/** Like `acknowledge`, but also returns the dialog's title ('' when it has none). */
export async function acknowledgeTitled(page: Page): Promise<{ title: string; message: string }> {
  const dialog = page.getByTestId('dialog');
  await dialog.waitFor();
  const title = (await dialog.locator('.ui-dialog-title').count()) ? ((await dialog.locator('.ui-dialog-title').textContent()) ?? '') : '';
  return { title, message: await acknowledge(page) };
}

/** Digits of a displayed amount ("1,234원" → 1234n). */
export async function amountIn(page: Page, testId: string): Promise<bigint> {
  return BigInt(((await page.getByTestId(testId).textContent()) ?? '').replace(/[^\d]/g, '') || '0');
}

const KST_MS = 9 * 3_600_000;
/** The server clock may run at most this far ahead of real time (see setServerClock). */
const MAX_AHEAD_MS = 60 * 60_000;

/**
 * The latest instant at HH:MM Korean time that is not more than 20 minutes ahead of now, so
 * the server clock moves back (or a little forward) to reach it, never hours ahead.
 */
export function latestKst(hh: number, mm: number): Date {
  const now = Date.now();
  const kst = new Date(now + KST_MS);
  let at = Date.UTC(kst.getUTCFullYear(), kst.getUTCMonth(), kst.getUTCDate(), hh, mm) - KST_MS;
  while (at > now + 20 * 60_000) at -= 86_400_000;
  return new Date(at);
}

/**
 * Where the server clock must be for an exchange to be open (outside the 23:30–00:30 KST bank
 * check, with margin): null while real time already is, else 23:00 KST just before.
 */
export function exchangeOpenTime(): Date | null {
  const kst = new Date(Date.now() + KST_MS);
  const minute = kst.getUTCHours() * 60 + kst.getUTCMinutes();
  return minute >= 23 * 60 + 20 || minute < 50 ? latestKst(23, 0) : null;
}

/**
 * Moves the server clock (test controls); `null` puts it back to real time. Never hours
 * ahead: the server would make up every mini-game round and play every match of the hours
 * skipped, and after the clock comes back the next specs would find rounds opening hours from
 * now and no match in play.
 */
export async function setServerClock(at: Date | null): Promise<void> {
  if (at && at.getTime() > Date.now() + MAX_AHEAD_MS) throw new Error(`the server clock may not run more than an hour ahead (asked for ${at.toISOString()})`);
  const answer = await apiCall('/api/test/clock', at ? { at: at.toISOString() } : { reset: true });
  if (!answer.result) throw new Error(`clock: ${JSON.stringify(answer)}`);
}

/** A real 120×60 PNG made here, so uploads need no fixture file. */
export function tinyPng(): Buffer {
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = table[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const [width, height] = [120, 60];
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const row = (y: number) =>
    Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, (_, x) => ((x + y) % 20 < 10 ? [255, 170, 0] : [26, 18, 0])).flat())]);
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: height }, (_, y) => row(y))));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
