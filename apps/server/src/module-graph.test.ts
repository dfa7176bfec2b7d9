import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';

// ESLint's import-x/no-cycle sees cycles between files; this sees cycles between modules, such as
// a module's routes.ts importing a module whose service imports it back. Tests are left out:
// they may reach across freely, production code may not.
const MODULES = path.join(import.meta.dirname, 'modules');
const IMPORT = /(?:^|\n)\s*(?:(?:import|export)\b[^;'"]*?\bfrom|import)\s*['"](\.[^'"]+)['"]|\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/g;

/** Module → the modules its production files import. */
function moduleGraph() {
  const graph = new Map<string, Set<string>>();
  const moduleOf = (file: string) => path.relative(MODULES, file).split(path.sep)[0];
  const visit = (dir: string, mod: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, e.name);
      if (e.isDirectory()) visit(file, mod);
      else if (/\.tsx?$/.test(e.name) && !e.name.endsWith('.test.ts')) {
        for (const m of fs.readFileSync(file, 'utf8').matchAll(IMPORT)) {
          const target = path.resolve(dir, m[1] ?? m[2]);
          if (path.relative(MODULES, target).startsWith('..')) continue;
          const other = moduleOf(target);
          if (other !== mod) graph.get(mod)!.add(other);
        }
      }
    }
  };
  for (const d of fs.readdirSync(MODULES, { withFileTypes: true }))
    if (d.isDirectory()) {
      graph.set(d.name, new Set());
      visit(path.join(MODULES, d.name), d.name);
    }
  return graph;
}

/** One cycle as a path `a → b → … → a`, or null. */
function findCycle(graph: Map<string, Set<string>>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const dfs = (m: string): string[] | null => {
    state.set(m, 'open');
    stack.push(m);
    for (const next of graph.get(m) ?? []) {
      if (state.get(next) === 'open') return [...stack.slice(stack.indexOf(next)), next];
      if (!state.has(next)) {
        const found = dfs(next);
        if (found) return found;
      }
    }
    stack.pop();
    state.set(m, 'done');
    return null;
  };
  for (const m of graph.keys()) {
    const found = state.has(m) ? null : dfs(m);
    if (found) return found;
  }
  return null;
}

test('the server modules depend on each other without a cycle (routes.ts included)', () => {
  const graph = moduleGraph();
  expect(graph.get('context')?.has('auth')).toBe(true); // the scan sees imports at all
  expect(findCycle(graph)?.join(' → ') ?? null).toBeNull();
});

test('the cycle finder finds a cycle', () => {
  const g = new Map([
    ['a', new Set(['b'])],
    ['b', new Set(['c'])],
    ['c', new Set(['a'])],
    ['d', new Set<string>()],
  ]);
  expect(findCycle(g)).toEqual(['a', 'b', 'c', 'a']);
});
