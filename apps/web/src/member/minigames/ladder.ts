/**
 * Geometry of a power ladder: rails at x = 0 and x = width, `lines` rungs evenly spaced. The path
 * goes down its rail and crosses at every rung, so an odd number of rungs ends on the other side
 * (boards read the left foot as odd (홀) and the right foot as even (짝): left-3 → even, left-4 → odd).
 */
export function ladderPoints(start: 'left' | 'right', lines: number, width: number, height: number) {
  const rungs = Array.from({ length: lines }, (_, i) => Math.round((height * (i + 1)) / (lines + 1)));
  let x = start === 'left' ? 0 : width;
  const path: [number, number][] = [[x, 0]];
  for (const y of rungs) {
    path.push([x, y]);
    x = x === 0 ? width : 0;
    path.push([x, y]);
  }
  path.push([x, height]);
  return { rungs, path, foot: x === 0 ? ('left' as const) : ('right' as const) };
}
