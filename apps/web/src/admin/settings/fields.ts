/**
 * A settings screen is a list of fields, each a dotted path into the system settings
 * (`charge.min`, `inspection.memo`). The form keeps every value as typed; a save sends the
 * whole top-level keys the screen touches, so the server validates and audits them as one.
 */
export type Field =
  | { kind: 'toggle'; path: string }
  | { kind: 'number'; path: string; nullable?: boolean; decimal?: boolean }
  | { kind: 'text'; path: string; multiline?: boolean; placeholder?: string }
  | { kind: 'select'; path: string; options: readonly (string | number)[] };

export type FormValues = Record<string, string | boolean>;
export type Problem = { path: string; rule: 'required' | 'number' | 'integer' };

type Tree = Record<string, unknown>;

export function readPath(settings: Tree, path: string): unknown {
  return path.split('.').reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Tree)[k] : undefined), settings);
}

/** The form's starting values: booleans as they are, everything else as text (null as blank). */
export function toForm(settings: Tree, fields: readonly Field[]): FormValues {
  const form: FormValues = {};
  for (const f of fields) {
    const v = readPath(settings, f.path);
    form[f.path] = f.kind === 'toggle' ? v === true : v === null || v === undefined ? '' : String(v);
  }
  return form;
}

function parseValue(f: Field, raw: string | boolean): { value: unknown } | { problem: Problem['rule'] } {
  if (f.kind === 'toggle') return { value: raw === true };
  const text = String(raw).trim();
  if (f.kind === 'text') return { value: String(raw) };
  if (f.kind === 'select') {
    const option = f.options.find((o) => String(o) === text);
    return option === undefined ? { problem: 'required' } : { value: option };
  }
  if (text === '') return f.nullable ? { value: null } : { problem: 'required' };
  const n = Number(text.replace(/,/g, ''));
  if (!Number.isFinite(n)) return { problem: 'number' };
  if (!f.decimal && !Number.isInteger(n)) return { problem: 'integer' };
  return { value: n };
}

/** The patch of whole top-level keys (stored values with the form's fields laid over), or the first problem. */
export function toPatch(settings: Tree, fields: readonly Field[], form: FormValues): { patch: Tree } | { problem: Problem } {
  const patch: Tree = {};
  for (const f of fields) {
    const parsed = parseValue(f, form[f.path]);
    if ('problem' in parsed) return { problem: { path: f.path, rule: parsed.problem } };
    const [top, ...rest] = f.path.split('.');
    if (rest.length === 0) {
      patch[top] = parsed.value;
      continue;
    }
    patch[top] ??= structuredClone(settings[top] ?? {});
    let node = patch[top] as Tree;
    for (const k of rest.slice(0, -1)) node = (node[k] ??= {}) as Tree;
    node[rest[rest.length - 1]] = parsed.value;
  }
  return { patch };
}
