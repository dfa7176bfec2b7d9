import { apiOk } from './api.ts';

/**
 * Spins the house slot as its page does: the member signs in, opens the game (its launch token),
 * and spins 1,000 won at a time while `more(spins so far, net loss so far)` says so. Each spin has
 * its own request id and client seed (`tag` keeps them apart between specs and runs). Answers the
 * member's net loss over the spins (stakes minus wins).
 */
export async function spinHouseSlot(o: {
  account: string;
  password: string;
  userId: number;
  tag: string;
  seedPrefix: string;
  more: (spins: number, netLoss: bigint) => boolean;
}): Promise<bigint> {
  const login = await apiOk('/api/user/login', { account: o.account, password: o.password });
  const launch = await apiOk('/api/user/game/getCasinoLobbyUrl', { id: 6112, isMobile: false, game: 'fortune5' }, login.token);
  const token = new URL(launch.url as string, 'http://x').searchParams.get('token')!;
  let netLoss = 0n;
  for (let i = 0; o.more(i, netLoss); i++) {
    const spin = await apiOk('/api/house/slot/spin', {
      token,
      user: o.userId,
      game: 'fortune5',
      bet: '1000',
      request_id: `${o.tag}-${i}`,
      client_seed: `${o.seedPrefix}${i.toString(16).padStart(4, '0')}`,
    });
    netLoss += BigInt(spin.stake) - BigInt(spin.win);
  }
  return netLoss;
}
