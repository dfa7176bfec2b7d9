import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, test } from 'vitest';

// The boundary rules of eslint.config.js (docs/ARCHITECTURE.md "Boundaries") fire on a
// violating import and stay quiet on an allowed one. Type-aware parsing is switched off here:
// the snippets are virtual files no tsconfig lists, and these rules need no types.
const root = path.resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({
  cwd: root,
  overrideConfig: {
    languageOptions: { parserOptions: { projectService: false, project: null } },
    rules: { '@typescript-eslint/no-floating-promises': 'off' },
  },
});

async function ruleIds(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.map((m) => m.ruleId);
}

describe('boundary rules', () => {
  test('platform/ imports no module', async () => {
    expect(await ruleIds('apps/server/src/platform/zz-probe.ts', "import '../modules/auth/service.ts';\n")).toContain('import-x/no-restricted-paths');
    expect(await ruleIds('apps/server/src/platform/zz-probe.ts', "import './errors.ts';\n")).not.toContain('import-x/no-restricted-paths');
  });

  test('a module reaches another only through its index.ts', async () => {
    expect(await ruleIds('apps/server/src/modules/betting/zz-probe.ts', "import '../ledger/repo.ts';\n")).toContain('import-x/no-restricted-paths');
    expect(await ruleIds('apps/server/src/modules/betting/zz-probe.ts', "import '../ledger/service.ts';\n")).toContain('import-x/no-restricted-paths');
    expect(await ruleIds('apps/server/src/modules/betting/zz-probe.ts', "import '../ledger/index.ts';\nimport './repo.ts';\n")).toEqual([]);
  });

  test('app.ts, cli/, test/ and bench/ reach a module only through its index.ts', async () => {
    expect(await ruleIds('apps/server/src/zz-probe.ts', "import './modules/ledger/service.ts';\n")).toContain('import-x/no-restricted-paths');
    expect(await ruleIds('apps/server/src/cli/zz-probe.ts', "import '../modules/ledger/service.ts';\n")).toContain('import-x/no-restricted-paths');
    expect(await ruleIds('bench/zz-probe.ts', "import '../apps/server/src/modules/sports/settlement.ts';\n")).toContain('import-x/no-restricted-paths');
    expect(await ruleIds('bench/zz-probe.ts', "import '../apps/server/src/modules/sports/index.ts';\n")).toEqual([]);
  });

  test('the ledger imports no module but audit', async () => {
    expect(await ruleIds('apps/server/src/modules/ledger/zz-probe.ts', "import '../members/index.ts';\n")).toContain('import-x/no-restricted-paths');
    expect(await ruleIds('apps/server/src/modules/ledger/zz-probe.ts', "import '../audit/index.ts';\nimport './repo.ts';\n")).toEqual([]);
    expect(await ruleIds('apps/server/src/modules/betting/zz-probe.ts', "import '../members/index.ts';\n")).toEqual([]);
  });

  test("a module's index.ts only re-exports by name", async () => {
    const door = 'apps/server/src/modules/audit/index.ts';
    expect(await ruleIds(door, 'export const limit = 10;\n')).toContain('no-restricted-syntax');
    expect(await ruleIds(door, "import { writeAudit } from './service.ts';\nexport { writeAudit };\n")).toContain('no-restricted-syntax');
    expect(await ruleIds(door, "export * from './service.ts';\n")).toContain('no-restricted-syntax');
    expect(await ruleIds(door, "// the door\nexport { writeAudit } from './service.ts';\nexport type { Actor } from './service.ts';\n")).toEqual([]);
  });

  test('web trees import only ui/, api/, lib/, i18n/ and their own files', async () => {
    expect(await ruleIds('apps/web/src/member/zz-probe.ts', "import '../admin/queries.ts';\n")).toContain('import-x/no-restricted-paths');
    expect(await ruleIds('apps/web/src/ui/zz-probe.ts', "import '../member/queries.ts';\n")).toContain('import-x/no-restricted-paths');
    expect(await ruleIds('apps/web/src/member/zz-probe.ts', "import '../ui/modal.tsx';\nimport '../lib/money.ts';\nimport './queries.ts';\n")).toEqual([]);
  });

  test('member features never import each other; member/shared/ imports none of them', async () => {
    const rule = 'import-x/no-restricted-paths';
    expect(await ruleIds('apps/web/src/member/money/zz-probe.tsx', "import '../community/queries.ts';\n")).toContain(rule);
    expect(await ruleIds('apps/web/src/member/community/board/zz-probe.tsx', "import '../../minigames/rules-board.tsx';\n")).toContain(rule);
    expect(await ruleIds('apps/web/src/member/layout/zz-probe.tsx', "import '../betting/betting-modal.tsx';\n")).toContain(rule);
    expect(await ruleIds('apps/web/src/member/home/zz-probe.tsx', "import '../layout/header.tsx';\n")).toContain(rule);
    expect(await ruleIds('apps/web/src/member/shared/zz-probe.ts', "import '../money/queries.ts';\n")).toContain(rule);
    // Allowed: the feature's own files, member/shared/, the member root's session, the shared kit; the root composes features.
    expect(
      await ruleIds(
        'apps/web/src/member/money/zz-probe.tsx',
        "import './queries.ts';\nimport '../shared/nav-items.ts';\nimport '../session.tsx';\nimport '../../ui/modal.tsx';\n",
      ),
    ).toEqual([]);
    expect(await ruleIds('apps/web/src/member/zz-probe.tsx', "import './money/queries.ts';\nimport './community/queries.ts';\n")).toEqual([]);
  });

  test('components never import the API client; queries.ts may', async () => {
    const code = "import { callData } from '../../api/client.ts';\nexport const f = () => callData('/api/admin/dashboard');\n";
    expect(await ruleIds('apps/web/src/admin/ops/zz-probe.tsx', code)).toContain('no-restricted-imports');
    expect(await ruleIds('apps/web/src/admin/ops/queries.ts', code)).not.toContain('no-restricted-imports');
    expect(await ruleIds('apps/web/src/admin/ops/zz-probe.tsx', "import { ApiFailure } from '../../api/client.ts';\nexport const E = ApiFailure;\n")).toEqual(
      [],
    );
  });

  test('no explicit any outside the database adapter', async () => {
    const code = 'export const f = (v: any) => v;\n';
    expect(await ruleIds('apps/server/src/modules/audit/zz-probe.ts', code)).toContain('@typescript-eslint/no-explicit-any');
    expect(await ruleIds('apps/server/src/platform/db.ts', code)).not.toContain('@typescript-eslint/no-explicit-any');
  });
});
