import { ladderPoints } from './ladder.ts';

const W = 160;
const H = 120;

/** The ladder drawn as boards show it: two rails, 3 or 4 rungs, the path tracing from start to finish. */
export function LadderPath({ start, lines, finish }: { start: 'left' | 'right'; lines: 3 | 4; finish: 'odd' | 'even' }) {
  const { rungs, path } = ladderPoints(start, lines, W, H);
  const d = path.map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${x} ${y}`).join(' ');
  return (
    <svg className="mg-ladder" viewBox={`-12 -14 ${W + 24} ${H + 28}`} role="img" aria-label={`${start} ${lines} ${finish}`} data-testid="mg-ladder">
      <line x1={0} y1={0} x2={0} y2={H} className="mg-ladder-rail" />
      <line x1={W} y1={0} x2={W} y2={H} className="mg-ladder-rail" />
      {rungs.map((y) => (
        <line key={y} x1={0} y1={y} x2={W} y2={y} className="mg-ladder-rung" />
      ))}
      <path d={d} className="mg-ladder-path" pathLength={1} />
      <circle cx={start === 'left' ? 0 : W} cy={0} r={7} className="mg-ladder-start" />
      <circle cx={path[path.length - 1][0]} cy={H} r={7} className={`mg-ladder-end is-${finish}`} />
    </svg>
  );
}
