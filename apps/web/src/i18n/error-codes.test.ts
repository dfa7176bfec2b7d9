import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@wager/contracts';
import en from './locales/en.ts';
import ja from './locales/ja.ts';
import ko from './locales/ko.ts';
import th from './locales/th.ts';
import vi from './locales/vi.ts';

/**
 * Issue #7: every error code the server can send a person has `errors.<code>` in all five
 * languages, so no reader ever sees the server's English. The server's sources (not its tests)
 * are read as text and parsed; the code is taken from where each error helper takes it.
 */
const sources = import.meta.glob<string>(['../../../server/src/**/*.ts', '!../../../server/src/**/*.test.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** Argument index of the error code for each helper (platform/errors.ts and thin local wrappers). */
const CODE_ARG: Record<string, number> = {
  badRequest: 2,
  forbidden: 1,
  notFound: 1,
  conflict: 1,
  tooMany: 1,
  required: 2, // messaging: required(message, field, code)
  cleanRich: 3, // messaging: cleanRich(subject, content, message, code)
};

const codeMap = ERROR_CODES as Record<string, string>;

/** The error codes one source file passes to AppError, the helpers, ERROR_CODES.x or a `code:` table entry. */
export function codesIn(text: string, file = 'source.ts'): { codes: Set<string>; unknownRefs: string[] } {
  const codes = new Set<string>();
  const unknownRefs: string[] = [];
  const literal = (node: ts.Node | undefined) => {
    if (node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node))) codes.add(node.text);
  };
  const visit = (node: ts.Node) => {
    if (ts.isNewExpression(node) && node.expression.getText() === 'AppError') literal(node.arguments?.[1]);
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text in CODE_ARG)
      literal(node.arguments[CODE_ARG[node.expression.text]]);
    if (ts.isPropertyAccessExpression(node) && node.expression.getText() === 'ERROR_CODES') {
      const code = codeMap[node.name.text];
      if (code) codes.add(code);
      else unknownRefs.push(node.name.text);
    }
    if (ts.isPropertyAssignment(node) && node.name.getText() === 'code') literal(node.initializer);
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true));
  return { codes, unknownRefs };
}

const LOCALES = { ko, ja, vi, th, en } as Record<string, { errors: Record<string, string> }>;

/** "<language>: <code>" for each code a language does not translate. */
export function untranslated(codes: Iterable<string>, locales = LOCALES): string[] {
  const missing: string[] = [];
  for (const [lang, messages] of Object.entries(locales))
    for (const code of codes) if (typeof messages.errors[code] !== 'string' || !messages.errors[code].trim()) missing.push(`${lang}: ${code}`);
  return missing;
}

describe('server error codes are translated', () => {
  it('finds codes wherever the server names them', () => {
    const { codes, unknownRefs } = codesIn(`
      const a = new AppError(404, 'thing_not_found', 'No thing.');
      throw badRequest('Bad.', 'field', 'bad_field', { n: 1 });
      throw conflict(\`Busy.\`, 'busy_now');
      throw tooMany('Slow down.');
      throw notFound('Gone.', ERROR_CODES.memberNotFound);
      const table = { x: { code: 'x_required', message: 'X?' } };
      ERROR_CODES.noSuchCode;
    `);
    expect([...codes].sort()).toEqual(['bad_field', 'busy_now', 'member_not_found', 'thing_not_found', 'x_required']);
    expect(unknownRefs).toEqual(['noSuchCode']);
  });

  it('reports a code a language does not translate', () => {
    const locales = { ko: { errors: { a: '가', b: '나' } }, en: { errors: { a: 'A', b: ' ' } } };
    expect(untranslated(['a', 'b', 'c'], locales)).toEqual(['ko: c', 'en: b', 'en: c']);
  });

  it('every code thrown by server code has errors.<code> in all five languages', () => {
    const files = Object.entries(sources);
    expect(files.length).toBeGreaterThan(50);
    const all = new Set<string>();
    const unknown: string[] = [];
    for (const [file, text] of files) {
      const { codes, unknownRefs } = codesIn(text, file);
      for (const c of codes) all.add(c);
      unknown.push(...unknownRefs.map((r) => `${file}: ERROR_CODES.${r}`));
    }
    // The scan really reads the server: codes thrown by literal, by helper and by ERROR_CODES.
    for (const known of ['member_not_found', 'charge_min', 'exchange_too_soon', 'post_required', 'login_locked_account']) expect(all).toContain(known);
    expect(unknown).toEqual([]);
    expect(untranslated(all)).toEqual([]);
    // It reads every server source file: several seconds on a busy 2-core machine.
  }, 60_000);

  it('every contract error code has errors.<code> in all five languages', () => {
    expect(untranslated(Object.values(codeMap))).toEqual([]);
  });
});
