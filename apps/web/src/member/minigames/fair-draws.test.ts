import { describe, expect, test } from 'vitest';
import type { MinigameDraw } from '@wager/contracts';
import { recomputeDraw, sameDraw } from './fair-draws.ts';

// Every game's draw for one seed and round, as the server's draw.ts computed it (node:crypto): the
// browser's own WebCrypto implementation must land on the very same balls, dice and teams.
const SEED = '3f'.repeat(32);
const SERVER: Record<string, { message: string; draw: MinigameDraw }> = {
  ntry_eos1: {
    message: 'ntry_eos1:1234:beacon',
    draw: {
      family: 'powerball',
      balls: [21, 7, 14, 19, 16],
      power: 6,
      sum: 77,
    },
  },
  ntry_eos2: {
    message: 'ntry_eos2:1234:beacon',
    draw: {
      family: 'powerball',
      balls: [25, 24, 12, 10, 22],
      power: 6,
      sum: 93,
    },
  },
  ntry_eos3: {
    message: 'ntry_eos3:1234:beacon',
    draw: {
      family: 'powerball',
      balls: [5, 6, 16, 20, 15],
      power: 1,
      sum: 62,
    },
  },
  ntry_eos4: {
    message: 'ntry_eos4:1234:beacon',
    draw: {
      family: 'powerball',
      balls: [20, 19, 26, 24, 3],
      power: 8,
      sum: 92,
    },
  },
  ntry_eos5: {
    message: 'ntry_eos5:1234:beacon',
    draw: {
      family: 'powerball',
      balls: [16, 28, 6, 12, 10],
      power: 2,
      sum: 72,
    },
  },
  ntry_powerball: {
    message: 'ntry_powerball:1234:beacon',
    draw: {
      family: 'powerball',
      balls: [21, 12, 26, 18, 8],
      power: 6,
      sum: 85,
    },
  },
  ntry_powerladder: {
    message: 'ntry_powerladder:1234:beacon',
    draw: {
      family: 'ladder',
      start: 'right',
      lines: 4,
      finish: 'even',
    },
  },
  ntry_kenoladder: {
    message: 'ntry_kenoladder:1234:beacon',
    draw: {
      family: 'ladder',
      start: 'left',
      lines: 3,
      finish: 'even',
      balls: [35, 16, 18, 9, 6, 36, 33, 32, 14, 21, 1, 7, 47, 19, 43, 51, 38, 69, 58, 63],
    },
  },
  ntry_speedkeno: {
    message: 'ntry_speedkeno:1234:beacon',
    draw: {
      family: 'keno',
      balls: [19, 25, 42, 36, 9, 68, 48, 29, 56, 50, 57, 41, 66, 3, 43, 22, 58, 51, 35, 54],
      sum: 812,
    },
  },
  bepick_eos1: {
    message: 'bepick_eos1:1234:beacon',
    draw: {
      family: 'powerball',
      balls: [4, 8, 15, 24, 25],
      power: 5,
      sum: 76,
    },
  },
  bepick_eos2: {
    message: 'bepick_eos2:1234:beacon',
    draw: {
      family: 'powerball',
      balls: [9, 11, 2, 5, 4],
      power: 3,
      sum: 31,
    },
  },
  bepick_eos3: {
    message: 'bepick_eos3:1234:beacon',
    draw: {
      family: 'powerball',
      balls: [24, 13, 5, 7, 10],
      power: 8,
      sum: 59,
    },
  },
  bepick_eos4: {
    message: 'bepick_eos4:1234:beacon',
    draw: {
      family: 'powerball',
      balls: [4, 18, 21, 19, 15],
      power: 5,
      sum: 77,
    },
  },
  bepick_eos5: {
    message: 'bepick_eos5:1234:beacon',
    draw: {
      family: 'powerball',
      balls: [11, 8, 25, 12, 6],
      power: 3,
      sum: 62,
    },
  },
  bepick_happy545: {
    message: 'bepick_happy545:1234:beacon',
    draw: {
      family: 'lotto',
      balls: [35, 2, 10, 9, 24],
      bonus: 16,
      sum: 80,
    },
  },
  bepick_marukhan: {
    message: 'bepick_marukhan:1234:beacon',
    draw: {
      family: 'dice',
      dice: [1, 5, 6],
      sum: 12,
    },
  },
  roulette: {
    message: 'roulette:1234:beacon',
    draw: {
      family: 'roulette',
      number: 16,
      color: 'red',
    },
  },
  cockfight: {
    message: 'cockfight:1234:beacon',
    draw: {
      family: 'cockfight',
      winner: 'wala',
    },
  },
  virtual_soccer: {
    message: 'virtual_soccer:1234:beacon',
    draw: {
      family: 'virtual',
      home: 'Anyang Owls',
      away: 'Jeju Dolphins',
      home_goals: 5,
      away_goals: 1,
    },
  },
};

describe('recomputeDraw', () => {
  for (const [game, { message, draw }] of Object.entries(SERVER)) {
    test(`${game} draws what the server drew`, async () => {
      const again = await recomputeDraw(game, SEED, message);
      expect(again).toEqual(draw);
      expect(sameDraw(again!, draw)).toBe(true);
    });
  }

  test('another seed gives another draw, and the comparison notices', async () => {
    const { message, draw } = SERVER.ntry_eos1;
    const other = await recomputeDraw('ntry_eos1', '3e'.repeat(32), message);
    expect(sameDraw(other!, draw)).toBe(false);
  });

  test('a game unknown here recomputes nothing', async () => {
    expect(await recomputeDraw('lotto_max', SEED, 'x')).toBeNull();
  });
});

describe('sameDraw', () => {
  test('key order does not matter, ball order does', () => {
    expect(sameDraw({ family: 'keno', balls: [1, 2], sum: 3 }, { sum: 3, balls: [1, 2], family: 'keno' } as MinigameDraw)).toBe(true);
    expect(sameDraw({ family: 'keno', balls: [1, 2], sum: 3 }, { family: 'keno', balls: [2, 1], sum: 3 })).toBe(false);
  });
});
