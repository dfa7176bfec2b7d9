/**
 * `npm run verify:round -- <game> <round number> [--url http://host:port]`: recomputes a mini-game
 * draw from public data only (decision 019) and prints match or mismatch (exit code 1).
 * With --url (or VERIFY_URL) the data comes from the public call /api/minigame/verify; without,
 * the same public fields are read from the database (DATABASE_URL / DATA_DIR; stop a PGlite
 * server first, it holds the data folder).
 */
import { minigameKey, minigameVerification, type MinigameVerification } from '@wager/contracts';
import { systemClock } from '../platform/clock.ts';
import { loadConfig } from '../platform/config.ts';
import { openDb } from '../platform/db.ts';
import { createDeps } from '../platform/deps-factory.ts';
import { checkVerification, verification } from '../modules/minigames/index.ts';

const args = process.argv.slice(2).filter((a) => a !== '--');
const urlAt = args.indexOf('--url');
const url = urlAt >= 0 ? args[urlAt + 1] : process.env.VERIFY_URL;
const [gameArg, roundArg] = args.filter((_, i) => urlAt < 0 || (i !== urlAt && i !== urlAt + 1));
const game = minigameKey.safeParse(gameArg);
const round = Number(roundArg);
if (!game.success || !Number.isSafeInteger(round) || round < 1) {
  console.error('usage: npm run verify:round -- <game> <round number> [--url http://host:port]');
  process.exit(2);
}

async function fetchData(): Promise<MinigameVerification> {
  if (url) {
    const res = await fetch(new URL('/api/minigame/verify', url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ game: game.data, round }),
    });
    const body = (await res.json()) as { result: boolean; data: unknown; error?: { code: string } };
    if (!body.result) throw new Error(`server answered ${res.status} ${body.error?.code ?? ''}`);
    return minigameVerification.parse(body.data);
  }
  const config = loadConfig();
  const db = await openDb({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    const deps = await createDeps({ db, clock: systemClock, config });
    return await verification(deps, game.data!, round);
  } finally {
    await db.close();
  }
}

try {
  const data = await fetchData();
  const report = checkVerification(data);
  console.log(`${data.game} round ${data.number} (chain ${data.chain.id}, seed #${data.index}, entropy ${data.entropy_source})`);
  for (const c of report.checks) console.log(`  ${c.ok ? 'ok      ' : 'MISMATCH'} ${c.name}${c.detail ? `: ${c.detail}` : ''}`);
  console.log(report.ok ? 'match' : 'mismatch');
  process.exitCode = report.ok ? 0 : 1;
} catch (e) {
  console.error((e as Error).message);
  process.exitCode = 2;
}
