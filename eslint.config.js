// ESLint flat config: type-aware TypeScript rules plus the boundary rules of docs/ARCHITECTURE.md
// ("Boundaries (enforced by lint)"). `npm run lint` runs it over the whole repository.
import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';

const root = import.meta.dirname;
const abs = (p) => path.join(root, p);
const dirsOf = (p) =>
  fs
    .readdirSync(abs(p), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);

const SERVER_MODULES = 'apps/server/src/modules';
const WEB = 'apps/web/src';
const WEB_TREES = ['member', 'partner', 'admin'];
const WEB_SHARED = ['ui', 'api', 'lib', 'i18n'];

/**
 * A module's door is its `index.ts` (named re-exports only): other modules, app.ts, jobs.ts, cli/,
 * test/ and bench/ import a module only through it. A module's own files import each other freely.
 */
const MODULES = dirsOf(SERVER_MODULES);
const doorsBut = (m) => MODULES.filter((o) => o !== m).map((o) => `./${o}/index.ts`);
const moduleZones = [
  ...MODULES.map((m) => ({
    target: `./${SERVER_MODULES}/${m}`,
    from: `./${SERVER_MODULES}`,
    except: [`./${m}`, ...doorsBut(m)],
    message: 'A module uses another module only through its index.ts.',
  })),
  {
    target: ['./apps/server/src/*.ts', './apps/server/src/cli', './apps/server/src/test', './bench'],
    from: `./${SERVER_MODULES}`,
    except: doorsBut(null),
    message: 'Code outside the modules uses a module only through its index.ts.',
  },
  {
    target: `./${SERVER_MODULES}/ledger`,
    from: `./${SERVER_MODULES}`,
    except: ['./ledger', './audit/index.ts'],
    message: 'The ledger depends on audit only: what it needs from another module is handed in by app.ts.',
  },
];

/**
 * Web: member features (every folder of member/ but shared/) never import each other. What two of
 * them need lives in member/shared/, which imports no feature; the member root (member-app.tsx,
 * member-routes.tsx) composes features, the shell (member/layout) included, through props and slots.
 */
const MEMBER = `${WEB}/member`;
const MEMBER_FEATURES = dirsOf(MEMBER).filter((f) => f !== 'shared');
const memberFeatureZones = [
  ...MEMBER_FEATURES.map((f) => ({
    target: `./${MEMBER}/${f}`,
    from: MEMBER_FEATURES.filter((o) => o !== f).map((o) => `./${MEMBER}/${o}`),
    message: `Member features do not import each other: put what member/${f} shares in member/shared/, or let the member root compose it.`,
  })),
  {
    target: `./${MEMBER}/shared`,
    from: MEMBER_FEATURES.map((f) => `./${MEMBER}/${f}`),
    message: 'member/shared/ is below the features: it imports none of them.',
  },
];

const boundaryZones = [
  {
    target: './apps/server/src/platform',
    from: `./${SERVER_MODULES}`,
    message: 'platform/ is cross-cutting: it imports no module (pass what it needs in from app.ts).',
  },
  ...moduleZones,
  // The three web trees import only the shared kit and their own files, never each other or the app shell.
  ...WEB_TREES.map((tree) => ({
    target: `./${WEB}/${tree}`,
    from: `./${WEB}`,
    except: [`./${tree}`, ...WEB_SHARED.map((s) => `./${s}`)],
    message: `The ${tree} tree imports only ui/, api/, lib/, i18n/ and its own files.`,
  })),
  ...memberFeatureZones,
  // The shared kit never reaches up into a tree or the app shell.
  ...WEB_SHARED.map((s) => ({
    target: `./${WEB}/${s}`,
    from: [...WEB_TREES, 'app', 'main.tsx'].map((t) => `./${WEB}/${t}`),
    message: 'ui/, api/, lib/ and i18n/ are shared: they import no tree.',
  })),
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'test-results/**',
      'uploads/**',
      '.tmp/**',
      'apps/web/public/**',
      '**/.bundle/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: {
      parserOptions: {
        // Root tooling, scripts and bench sit in no tsconfig; they share one default project.
        projectService: {
          allowDefaultProject: ['*.js', '*.ts', 'scripts/*.mjs'],
          maximumDefaultProjectFileMatchCount_THIS_WILL_SLOW_DOWN_LINTING: 32,
        },
        tsconfigRootDir: root,
      },
      globals: { console: 'readonly', process: 'readonly', URL: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly' },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })],
    },
    rules: {
      // TypeScript checks these better than ESLint can (`tsc -p` runs in npm test).
      'no-undef': 'off',
      'no-redeclare': 'off',
      // Input validation deliberately matches NUL and other control characters.
      'no-control-regex': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
    },
  },
  {
    // Test code reads untyped JSON answers (the harness's `json`); production code may not.
    // Typing the harness per contract path would lift this (docs/decisions/014-lint-and-boundaries.md).
    files: ['**/*.test.ts', 'apps/server/src/test/**', 'e2e/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // A module's door only re-exports by name, so its public surface reads at a glance.
    files: [`${SERVER_MODULES}/*/index.ts`],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'Program > :not(ExportNamedDeclaration[source])', message: "A module's index.ts only re-exports by name: export { … } from './file.ts'." },
      ],
    },
  },
  {
    // The database adapter wraps two drivers whose row types are untyped.
    files: ['apps/server/src/platform/db.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['apps/server/**/*.ts', 'bench/**/*.ts'],
    rules: {
      // Randomness is injected (deps.rng) so tests can replay it.
      'no-restricted-properties': ['error', { object: 'Math', property: 'random', message: 'Use the injected deps.rng.' }],
    },
  },
  {
    files: [`${WEB}/**/*.{ts,tsx}`],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // Every date a person sees is written by lib/date.ts in the operating time zone (decision 047);
    // the browser-zone readers of Date would write another day around midnight.
    files: [`${WEB}/**/*.{ts,tsx}`],
    ignores: [`${WEB}/lib/date.ts`, '**/*.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['toLocaleDateString', 'toLocaleTimeString', 'getFullYear', 'getMonth', 'getDate', 'getDay', 'getHours', 'getMinutes', 'getSeconds'].map(
          (property) => ({
            property,
            message: 'Write dates with lib/date.ts (the operating time zone), not the browser zone.',
          }),
        ),
      ],
    },
  },
  {
    // Components never call the API client: each feature keeps its calls in a queries.ts
    // (TanStack Query hooks). ApiFailure (the error type) may be imported anywhere.
    files: WEB_TREES.map((t) => `${WEB}/${t}/**/*.{ts,tsx}`),
    ignores: ['**/queries.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/api/client.ts', '**/api/client'],
              importNames: ['call', 'callData'],
              message: "Put the call in the feature's queries.ts (TanStack Query hook) and use the hook.",
            },
          ],
        },
      ],
    },
  },
);
