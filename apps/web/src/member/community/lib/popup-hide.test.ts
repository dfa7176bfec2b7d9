import { describe, expect, it } from 'vitest';
import { hidePopup, hideUntil, isPopupHidden, nextLocalMidnight, parseHiddenPopups, POPUP_CLOSE_MS, visiblePopups } from './popup-hide.ts';

const at = (h: number, m = 0) => new Date(2025, 4, 10, h, m, 0, 0);

describe('pop-up hiding (spec §4, §9)', () => {
  it('close hides for 60 minutes', () => {
    const now = at(13, 20);
    expect(hideUntil('close', now)).toBe(now.getTime() + POPUP_CLOSE_MS);
    const hidden = hidePopup({}, 7, 'close', now);
    expect(isPopupHidden(hidden, 7, at(14, 19))).toBe(true);
    expect(isPopupHidden(hidden, 7, at(14, 20))).toBe(false);
  });

  it("don't show today hides until the next local midnight", () => {
    expect(nextLocalMidnight(at(23, 59))).toBe(new Date(2025, 4, 11, 0, 0, 0, 0).getTime());
    expect(nextLocalMidnight(at(0, 0))).toBe(new Date(2025, 4, 11, 0, 0, 0, 0).getTime());
    const hidden = hidePopup({}, 3, 'today', at(9));
    expect(isPopupHidden(hidden, 3, at(23, 59))).toBe(true);
    expect(isPopupHidden(hidden, 3, new Date(2025, 4, 11, 0, 0, 1))).toBe(false);
  });

  it('filters only the hidden ones and prunes expired entries', () => {
    const now = at(12);
    let hidden = hidePopup({}, 1, 'close', at(10)); // expired at 11:00
    hidden = hidePopup(hidden, 2, 'close', now);
    expect(Object.keys(hidden)).toEqual(['2']);
    expect(visiblePopups([{ id: 1 }, { id: 2 }, { id: 3 }], hidden, now).map((p) => p.id)).toEqual([1, 3]);
  });

  it('reads malformed storage as nothing hidden', () => {
    expect(parseHiddenPopups(null)).toEqual({});
    expect(parseHiddenPopups('not json')).toEqual({});
    expect(parseHiddenPopups('[1,2]')).toEqual({});
    expect(parseHiddenPopups('{"1":"soon","2":5}')).toEqual({ 2: 5 });
  });
});
