import { randomUUID } from 'node:crypto';
import { apiCall } from './api.ts';
import { setServerClock } from './ui.ts';

type Round = { id: number; number: number; status: string; opens_at: string; closes_at: string; draws_at: string };
type ApiError = { code: string; message: string };

/** The server's time now: the test-controls clock answers it when asked to neither move nor reset. */
export async function serverNow(): Promise<number> {
  const answer = await apiCall('/api/test/clock', {});
  if (!answer.result) throw new Error(`clock: ${JSON.stringify(answer)}`);
  return Date.parse(answer.data.now as string);
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Answers that only mean "not this round": the next attempt takes the round then open. */
const RETRY = new Set(['minigame_round_not_open', 'minigame_round_closed']);

/**
 * A bet on the first pick of `game`'s first market in the round open now, or the refusal that is
 * not about the round (an empty-bet rule, a limit). A spec that draws a round moves the server
 * clock ahead and puts it back after, so later specs find rounds made ahead of real time: the
 * current round opens later, or it is closed and waits for its draw. Then the server clock moves
 * forward to the round's opening (or its draw, after which the next round opens), as a player
 * would wait for it. Specs that call this put the clock back in afterAll (`setServerClock(null)`).
 */
export async function betOnOpenRound(
  game: string,
  token: string,
  amount = '1000',
): Promise<{ betId: number; round: Round; error?: undefined } | { error: ApiError; betId?: undefined; round?: undefined }> {
  const games = await apiCall('/api/user/minigame/games', { game }, token);
  const market = games.data.games[0].markets[0] as { key: string; picks: { key: string }[] };
  let last: unknown = null;
  for (let attempt = 0; attempt < 40; attempt++) {
    const answer = await apiCall('/api/user/minigame/round', { game }, token);
    const round = answer.data?.current as Round | null;
    const now = await serverNow();
    if (!round) last = answer.error ?? 'no current round';
    else if (now < Date.parse(round.opens_at)) await setServerClock(new Date(Date.parse(round.opens_at) + 1_000));
    else if (now >= Date.parse(round.closes_at) - 2_000) {
      // Closed (or closing): past its draw the scheduler opens the next round.
      if (now < Date.parse(round.draws_at)) await setServerClock(new Date(Date.parse(round.draws_at) + 1_000));
      last = round;
    } else {
      const request_id = `e2e-${randomUUID()}`;
      const placed = await apiCall(
        '/api/user/minigame/bet',
        { game, round_id: round.id, market: market.key, pick: market.picks[0].key, amount, request_id },
        token,
      );
      if (placed.result) return { betId: placed.data.bet.id as number, round };
      if (!RETRY.has(placed.error?.code ?? '')) return { error: placed.error! };
      last = placed.error;
    }
    await wait(1_000);
  }
  throw new Error(`no ${game} round took the bet: ${JSON.stringify(last)}`);
}

/** Moves the server clock past the round's draw (when not there yet) and waits until it is drawn. */
export async function awaitDraw(game: string, round: Round): Promise<void> {
  if ((await serverNow()) < Date.parse(round.draws_at)) await setServerClock(new Date(Date.parse(round.draws_at) + 1_000));
  const deadline = Date.now() + 90_000;
  for (;;) {
    const v = (await apiCall('/api/minigame/verify', { game, round: round.number })).data as { status?: string } | undefined;
    if (v?.status === 'settled' || v?.status === 'drawn') return;
    if (Date.now() > deadline) throw new Error(`${game} round ${round.number} not drawn: ${JSON.stringify(v)}`);
    await wait(1_000);
  }
}
