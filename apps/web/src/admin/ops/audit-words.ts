/**
 * An audit row in words (issue 19 "audit readable by a person"): the action as object and verb
 * (`member.status` → "회원 상태 변경"), the target as its kind and name (`user:42` → "회원 user1").
 * An action or target kind without words is shown as written, never hidden.
 */
type Words = { has: (key: string) => boolean; t: (key: string, vars?: Record<string, unknown>) => string };
const AREA = 'adminRoles.audit';

export function actionWords(action: string, w: Words): string {
  const parts = action.split('.');
  const verb = parts[parts.length - 1];
  const verbKey = `${AREA}.verbs.${verb}`;
  if (parts.length === 1) return w.has(verbKey) ? w.t(verbKey) : action;
  const objectKey = `${AREA}.objects.${parts[0]}`;
  return w.has(objectKey) && w.has(verbKey) ? `${w.t(objectKey)} ${w.t(verbKey)}` : action;
}

export function targetWords(target: string | null, name: string | null, w: Words): string {
  if (!target) return '-';
  const [kind, id] = target.split(':', 2);
  const kindKey = `${AREA}.targets.${kind}`;
  if (!w.has(kindKey) || id === undefined) return target;
  return name ? `${w.t(kindKey)} ${name} (#${id})` : `${w.t(kindKey)} #${id}`;
}

export type Change = { key: string; before: string; after: string; changed: boolean };

const absent = (v: unknown) => v == null || v === '';
/** A value as text; an absent one (missing, null or empty) is the caller's translated "none", never the word `null`. */
const show = (v: unknown, none: string) => (absent(v) ? none : typeof v === 'string' ? v : JSON.stringify(v));
const same = (x: unknown, y: unknown) => (absent(x) ? absent(y) : !absent(y) && JSON.stringify(x) === JSON.stringify(y));
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Before and after side by side, one row per field of either (a non-object value is one row `value`).
 * `none` is the text of an absent value (`adminRoles.audit.ui.none`): every screen that shows an
 * audit value passes it, so none can print `null` or an empty cell.
 */
export function changesOf(before: unknown, after: unknown, none: string): Change[] {
  if (before == null && after == null) return [];
  const b = isRecord(before) ? before : before == null ? {} : { value: before };
  const a = isRecord(after) ? after : after == null ? {} : { value: after };
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return keys.map((key) => {
    return { key, before: show(b[key], none), after: show(a[key], none), changed: before != null && after != null && !same(b[key], a[key]) };
  });
}
