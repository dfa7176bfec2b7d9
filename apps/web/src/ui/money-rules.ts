// The member and partner money forms' rules (spec §5), shared through ui/ (decision 032).
import { isZeroAmount } from './amount-mask.ts';
import { formatDate } from '../lib/date.ts';

/** Spec §5: charge and point conversion stay disabled while the amount is '0'. */
export function canSubmitAmount(amount: string): boolean {
  return !isZeroAmount(amount);
}

/** Spec §5: exchange also waits for the exchange password when the site asks for one. */
export function canSubmitExchange(amount: string, needsPassword: boolean, password: string): boolean {
  return !isZeroAmount(amount) && (!needsPassword || password !== '');
}

/** Spec §5: the exchange password is numeric, at most 4 digits. */
export function toPin(raw: string): string {
  return raw.replace(/\D/g, '').slice(0, 4);
}

/** Point log change (spec §3): updated minus existing, in integers; negative ones show red. */
export function pointChange(existing: string, updated: string): { value: string; negative: boolean } {
  const diff = BigInt(updated) - BigInt(existing);
  return { value: diff > 0n ? `+${diff}` : diff.toString(), negative: diff < 0n };
}

/**
 * Today's date for the history filters, on the server's clock (the context carries it) so a
 * moved or wrong device clock does not pick another day. Same rule as the home page clock.
 */
export function todayOf(serverTime: string | undefined, receivedAt: number, now: number = Date.now()): string {
  const server = serverTime ? Date.parse(serverTime) : NaN;
  return formatDate(Number.isNaN(server) ? now : server + (now - receivedAt));
}

/** A history filter: null means "today" as the server counts it. */
export type DateRange = { from: string | null; to: string | null };
export const TODAY_RANGE: DateRange = { from: null, to: null };

/**
 * The body of a history call. Left at today, the dates are not sent and the server uses its
 * own calendar day (operator time zone); a chosen day is sent as picked.
 */
export function rangeBody(range: DateRange, today: string, skip: number): { skip: number; startedAt?: string; endedAt?: string } {
  if (range.from === null && range.to === null) return { skip };
  const startedAt = range.from ?? today;
  const endedAt = range.to ?? today;
  return startedAt <= endedAt ? { skip, startedAt, endedAt } : { skip, startedAt: endedAt, endedAt: startedAt };
}

/** "23:30-00:30" (getLimits) → ["23:30", "00:30"]. */
export function splitWindow(window: string | undefined): [string, string] {
  const m = /^(\d{2}:\d{2})-(\d{2}:\d{2})$/.exec(window ?? '');
  return m ? [m[1], m[2]] : ['23:30', '00:30'];
}

/** A fresh idempotency key per submit; falls back where randomUUID needs a secure context. */
export function newRequestId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A limit field: '0' means "no limit" (the server takes null); otherwise a safe integer. */
export function limitValue(digits: string): number | null {
  if (isZeroAmount(digits)) return null;
  const n = Number(digits);
  return Number.isSafeInteger(n) ? n : null;
}

/** Limit fields that differ from what the server holds, as the /limits/set body. */
export function changedLimits<K extends string>(current: Record<K, string | null>, form: Record<K, string>): Partial<Record<K, number | null>> {
  const patch: Partial<Record<K, number | null>> = {};
  for (const key of Object.keys(form) as K[]) {
    const was = current[key] ?? '0';
    if (was !== (isZeroAmount(form[key]) ? '0' : form[key])) patch[key] = limitValue(form[key]);
  }
  return patch;
}
