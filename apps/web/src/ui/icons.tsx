import type { SVGProps } from 'react';

/** A few stroke icons (24×24) so the kit needs no icon font. */
const paths = {
  home: 'M3 11l9-8 9 8M5 10v10h5v-6h4v6h5V10',
  deposit: 'M12 3v12m0 0l-5-5m5 5l5-5M4 21h16',
  withdraw: 'M12 21V9m0 0l-5 5m5-5l5 5M4 3h16',
  gift: 'M4 11h16v10H4zM2 7h20v4H2zM12 7v14M12 7c-2-4-6-4-6-1s4 1 6 1c2 0 6 2 6-1s-4-3-6 1',
  headset: 'M4 15v-3a8 8 0 0116 0v3M4 15a2 2 0 002 2h1v-5H6a2 2 0 00-2 2zm16 0a2 2 0 01-2 2h-1v-5h1a2 2 0 012 2zM17 17c0 2-2 3-5 3',
  menu: 'M3 6h18M3 12h18M3 18h18',
  user: 'M12 12a4 4 0 100-8 4 4 0 000 8zM4 21c1-4 4-6 8-6s7 2 8 6',
  megaphone: 'M3 10v4h3l7 4V6L6 10H3zM16 9a3 3 0 010 6M19 7a6 6 0 010 10',
  logout: 'M15 4h4v16h-4M10 8l-4 4 4 4M6 12h10',
  casino: 'M4 4h16v16H4zM8.5 8.5h.01M15.5 15.5h.01M15.5 8.5h.01M8.5 15.5h.01M12 12h.01',
  slot: 'M3 5h18v14H3zM8 5v14M16 5v14M5 12h1M11 12h2M18 12h1',
  ball: 'M12 21a9 9 0 100-18 9 9 0 000 18zM12 7l4 3-1.5 5h-5L8 10z',
  dice: 'M5 3h14a2 2 0 012 2v14a2 2 0 01-2 2H5a2 2 0 01-2-2V5a2 2 0 012-2zM8 8h.01M16 16h.01M12 12h.01',
  live: 'M12 14a2 2 0 100-4 2 2 0 000 4zM7.8 7.8a6 6 0 000 8.4M16.2 16.2a6 6 0 000-8.4M5 5a10 10 0 000 14M19 19a10 10 0 000-14',
  chart: 'M4 20V10M10 20V4M16 20v-8M22 20H2',
  coin: 'M12 21a9 9 0 100-18 9 9 0 000 18zM12 7v10M9 9.5c0-1 1.3-1.5 3-1.5s3 .6 3 1.7c0 2.6-6 1.3-6 4 0 1 1.3 1.8 3 1.8s3-.6 3-1.6',
  mail: 'M3 5h18v14H3zM3 6l9 7 9-7',
  board: 'M5 3h14v18H5zM9 7h6M9 11h6M9 15h4',
  tree: 'M12 3v6M6 15v-3h12v3M4 15h4v5H4zM16 15h4v5h-4zM10 3h4v4h-4z',
  gear: 'M12 15a3 3 0 100-6 3 3 0 000 6zM19 12l2-1-1-3-2 .3-1.3-1.3L17 5l-3-1-1 2h-2l-1-2-3 1 .3 2L6 8.3 4 8 3 11l2 1v0l-2 1 1 3 2-.3L7.3 17 7 19l3 1 1-2h2l1 2 3-1-.3-2 1.3-1.3 2 .3 1-3z',
  moon: 'M20 14A8 8 0 1110 4a6 6 0 0010 10z',
  sound: 'M4 9v6h4l5 4V5L8 9H4zM16 9a3 3 0 010 6',
  mute: 'M4 9v6h4l5 4V5L8 9H4zM16 9l5 6M21 9l-5 6',
  external: 'M14 4h6v6M20 4l-9 9M18 14v6H4V6h6',
  shield: 'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z',
  chevron: 'M9 6l6 6-6 6',
  clock: 'M12 21a9 9 0 100-18 9 9 0 000 18zM12 7v5l3 2',
  calendar: 'M4 5h16v16H4zM4 10h16M8 3v4M16 3v4',
} as const;

export type IconName = keyof typeof paths;

export function Icon({ name, size = 18, ...rest }: { name: IconName; size?: number } & SVGProps<SVGSVGElement>) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      {...rest}
    >
      <path d={paths[name]} />
    </svg>
  );
}
