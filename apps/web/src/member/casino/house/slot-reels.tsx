import { SlotSymbol } from './slot-symbols.tsx';

export type WinLine = { line: number; symbol: number; count: number; win: string };

const LINE_COLOURS = ['#ffb400', '#19d3a2', '#ff4f7b', '#5ab0ff', '#c77dff', '#ffe066', '#ff8a3d', '#7dffb3', '#ff5dd8', '#9ad0ff'];
/** A filler column shown while a reel turns (only looks; the result comes from the server). */
const BLUR_STRIP = [6, 2, 8, 0, 4, 9, 3, 7, 1, 5, 8, 6, 2, 9];

/**
 * The 5×3 window. `spinning[reel]` turns a reel; a stopped reel shows its three symbols.
 * Winning lines are drawn over the window and their cells glow.
 */
export function SlotReels({ window, spinning, lines, paylines }: { window: number[][]; spinning: boolean[]; lines: WinLine[]; paylines: number[][] }) {
  const lit = new Set<string>();
  for (const l of lines) {
    const rows = paylines[l.line];
    if (!rows) continue;
    for (let reel = 0; reel < l.count; reel++) lit.add(`${reel}:${rows[reel]}`);
  }
  const idle = spinning.every((s) => !s);
  return (
    <div className="hs-window" data-testid="slot-window">
      {window.map((column, reel) => (
        <div key={reel} className={spinning[reel] ? 'hs-reel is-spinning' : 'hs-reel is-stopped'} data-testid={`slot-reel-${reel}`}>
          {spinning[reel] ? (
            <div className="hs-blur" style={{ animationDelay: `${-reel * 70}ms` }}>
              {[...BLUR_STRIP, ...BLUR_STRIP].map((sym, i) => (
                <div key={i} className="hs-cell">
                  <SlotSymbol id={sym} />
                </div>
              ))}
            </div>
          ) : (
            column.map((sym, row) => (
              <div key={row} className={idle && lit.has(`${reel}:${row}`) ? 'hs-cell is-win' : 'hs-cell'}>
                <SlotSymbol id={sym} />
              </div>
            ))
          )}
        </div>
      ))}
      {idle && lines.length > 0 ? (
        <svg className="hs-lines" viewBox="0 0 500 300" preserveAspectRatio="none" aria-hidden="true" data-testid="slot-win-lines">
          {lines.map((l, i) => (
            <polyline
              key={l.line}
              points={(paylines[l.line] ?? []).map((row, reel) => `${reel * 100 + 50},${row * 100 + 50}`).join(' ')}
              stroke={LINE_COLOURS[i % LINE_COLOURS.length]}
              style={{ animationDelay: `${i * 120}ms` }}
            />
          ))}
        </svg>
      ) : null}
    </div>
  );
}
