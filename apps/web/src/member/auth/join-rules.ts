/**
 * Join form rules checked as the player types (spec §5), the same as the server's contract.
 * Each check answers the i18n key of its message, or null when the value is fine. An empty
 * field says nothing until the player has typed in it (the submit button stays off anyway).
 */
export type JoinField = 'account' | 'nickname' | 'password' | 'phone' | 'smsCode' | 'holder' | 'bankAccount' | 'bankPassword' | 'birthDate' | 'code';

/** `minimumAge`: the operator's setting (the join form reads it with the banks), 19 until it has. */
type Check = (value: string, today: string, minimumAge: number) => boolean;

const CHECKS: Record<JoinField, Check> = {
  account: (v) => /^[A-Za-z0-9_]{3,30}$/.test(v.trim()),
  nickname: (v) => v.trim().length >= 2 && v.trim().length <= 20,
  password: (v) => /^\d{4,100}$/.test(v),
  phone: (v) => /^01\d{8,9}$/.test(v.replace(/-/g, '')),
  smsCode: (v) => /^\d{6}$/.test(v),
  holder: (v) => v.trim().length >= 1 && v.trim().length <= 40,
  bankAccount: (v) => /^[\d-]{6,30}$/.test(v.trim()),
  bankPassword: (v) => /^\d{1,4}$/.test(v),
  birthDate: (v, today, minimumAge) => /^\d{4}-\d{2}-\d{2}$/.test(v) && ageOn(v, today) >= minimumAge,
  code: (v) => v.trim().length >= 1 && v.trim().length <= 40,
};

/** Whole years between two 'YYYY-MM-DD' days (the server decides with its own clock too). */
export function ageOn(birth: string, day: string): number {
  const [by, bm, bd] = birth.split('-').map(Number);
  const [y, m, d] = day.split('-').map(Number);
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

export function isJoinFieldValid(field: JoinField, value: string, today: string, minimumAge = 19): boolean {
  return CHECKS[field](value, today, minimumAge);
}

/** The message key to show under a field, or null (valid, or not typed in yet). */
export function joinFieldProblem(field: JoinField, value: string, today: string, minimumAge = 19): `account.join.${JoinField}` | null {
  if (value === '') return null;
  return CHECKS[field](value, today, minimumAge) ? null : `account.join.${field}`;
}
