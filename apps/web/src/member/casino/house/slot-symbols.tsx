import type { ReactElement } from 'react';

/** The slot's symbols (ids as in the server's paytable), drawn as SVG so no emoji font is needed. */
export const SYMBOL_KEYS = ['wild', 'scatter', 'seven', 'bell', 'melon', 'plum', 'a', 'k', 'q', 'j'] as const;

const letter = (ch: string, from: string, to: string) => (
  <>
    <defs>
      <linearGradient id={`g-${ch}`} x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stopColor={from} />
        <stop offset="1" stopColor={to} />
      </linearGradient>
    </defs>
    <text x="50" y="72" textAnchor="middle" fontSize="62" fontWeight="900" fontFamily="Georgia, serif" fill={`url(#g-${ch})`} stroke="#0006" strokeWidth="2">
      {ch}
    </text>
  </>
);

const ART: ReactElement[] = [
  // wild
  <>
    <rect x="8" y="24" width="84" height="52" rx="10" fill="#ffb400" stroke="#fff3c4" strokeWidth="3" />
    <text x="50" y="60" textAnchor="middle" fontSize="26" fontWeight="900" fontFamily="Arial Black, sans-serif" fill="#3a1d00">
      WILD
    </text>
  </>,
  // scatter: a star
  <>
    <circle cx="50" cy="50" r="40" fill="#6b1d8f" stroke="#f0a8ff" strokeWidth="3" />
    <polygon points="50,16 59,40 85,40 64,55 72,80 50,65 28,80 36,55 15,40 41,40" fill="#ffe066" stroke="#fff" strokeWidth="2" />
  </>,
  // seven
  <>
    <text x="50" y="80" textAnchor="middle" fontSize="84" fontWeight="900" fontFamily="Arial Black, sans-serif" fill="#ff2d55" stroke="#ffd0d8" strokeWidth="3">
      7
    </text>
  </>,
  // bell
  <>
    <path d="M50 14 C30 14 26 36 26 52 L18 70 L82 70 L74 52 C74 36 70 14 50 14 Z" fill="#ffcf3f" stroke="#8a5a00" strokeWidth="3" />
    <circle cx="50" cy="76" r="8" fill="#c98a00" />
  </>,
  // melon
  <>
    <path d="M12 40 A38 38 0 0 0 88 40 Z" fill="#2fb344" />
    <path d="M18 40 A32 32 0 0 0 82 40 Z" fill="#ff5d73" />
    {[30, 42, 54, 66].map((x) => (
      <ellipse key={x} cx={x + 2} cy={50} rx="2.5" ry="4" fill="#222" />
    ))}
  </>,
  // plum: grapes
  <>
    {[
      [38, 34],
      [62, 34],
      [50, 44],
      [32, 54],
      [56, 56],
      [44, 68],
      [68, 48],
    ].map(([x, y]) => (
      <circle key={`${x}-${y}`} cx={x} cy={y} r="11" fill="#8e44ff" stroke="#d8b8ff" strokeWidth="2" />
    ))}
    <path d="M50 24 L56 10" stroke="#3c8d2f" strokeWidth="4" />
  </>,
  letter('A', '#ff8a8a', '#c0182d'),
  letter('K', '#7fd6ff', '#1366b8'),
  letter('Q', '#9dffb0', '#138a3b'),
  letter('J', '#ffe28a', '#b37400'),
];

export function SlotSymbol({ id }: { id: number }) {
  return (
    <svg className="hs-symbol" viewBox="0 0 100 100" role="img" aria-label={SYMBOL_KEYS[id] ?? '?'} data-symbol={SYMBOL_KEYS[id]}>
      {ART[id] ?? null}
    </svg>
  );
}
