/**
 * Zod compiles object parsers with `new Function` and probes for it first; under our
 * Content-Security-Policy (no 'unsafe-eval', decision 008) the probe alone reports a violation.
 * main.tsx imports this first, before any schema exists. It sets zod's shared config object
 * (the one `z.config()` writes) without importing zod, so the entry chunk stays zod-free.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };

export {};
