/**
 * Statement parts: SQL another module hands the ledger's posting statement (a bet row attached to
 * its stake, a guard that locks a business row first, chained rows). A part is written once, at
 * module load, with NAMED parameters (`:user_id`); the ledger places it in its statement and
 * numbers every parameter itself, so no caller counts `$n`.
 *
 * A part's name stands for its text: the statement built from parts is cached and prepared under
 * their names, so one name with two texts would post with the wrong SQL. `definePart` refuses
 * that when the second definition loads (at start-up), and `compile` re-checks every part it is
 * handed.
 */

export type Params = Readonly<Record<string, unknown>>;
export type Part = { readonly name: string; readonly text: string; readonly params: Params };

const texts = new Map<string, string>();

function register(name: string, text: string) {
  const had = texts.get(name);
  if (had === undefined) texts.set(name, text);
  else if (had !== text) throw new Error(`statement part "${name}" defined with two different texts`);
}

// `:name` not preceded by a colon or a word character (so `x::bigint` is a cast, not a parameter).
const PARAM = /(?<![:\w]):([a-z_][a-z0-9_]*(?:\.[a-z_][a-z0-9_]*)?)/gi;

/** The parameter names a text uses, in order of first use. */
export function paramNames(text: string) {
  return [...new Set([...text.matchAll(PARAM)].map((m) => m[1]))];
}

/** Declares a part: `text` with named parameters; returns the function that gives it its values. */
export function definePart(name: string, text: string) {
  if (/\$\d/.test(text)) throw new Error(`statement part "${name}" uses positional parameters: name them (:name)`);
  register(name, text);
  const names = paramNames(text);
  return (params: Params): Part => {
    for (const n of names) if (!(n in params)) throw new Error(`statement part "${name}" is missing parameter :${n}`);
    return { name, text, params };
  };
}

/** A part's text with its parameters moved into its slot's namespace (`:x` → `:slot.x`). */
export function inSlot(slot: string, part: Part) {
  if (texts.get(part.name) !== part.text) throw new Error(`statement part "${part.name}" was not defined with this text`);
  return part.text.replace(PARAM, (_m, n: string) => `:${slot}.${n}`);
}

export type Compiled = { text: string; name: string; refs: { slot: string | null; key: string }[] };

/**
 * A statement text with named parameters (`:key` the statement's own, `:slot.key` a part's) turned
 * into the positional form the driver takes, with the order to read the values in. Cached per
 * statement name by the caller; the prepared statement's name carries a hash of the text, since
 * PostgreSQL cuts names at 63 characters and two texts must never share one.
 */
export function compile(name: string, text: string): Compiled {
  register(name, text);
  const refs: Compiled['refs'] = [];
  const at = new Map<string, number>();
  const out = text.replace(PARAM, (_m, n: string) => {
    let i = at.get(n);
    if (i === undefined) {
      const dot = n.indexOf('.');
      refs.push(dot < 0 ? { slot: null, key: n } : { slot: n.slice(0, dot), key: n.slice(dot + 1) });
      at.set(n, (i = refs.length));
    }
    return `$${i}`;
  });
  return { text: out, name: `${name.slice(0, 48)}~${fnv(out)}`, refs };
}

/** The values of a compiled statement, from its own parameters and its slots' parts. */
export function valuesOf(c: Compiled, own: Params, slots: Readonly<Record<string, Part | undefined>>) {
  return c.refs.map(({ slot, key }) => {
    const from = slot === null ? own : slots[slot]?.params;
    if (!from || !(key in from)) throw new Error(`statement ${c.name}: no value for :${slot === null ? '' : `${slot}.`}${key}`);
    return from[key];
  });
}

function fnv(s: string) {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36);
}
