import { describe, expect, it } from 'vitest';
import { chosen, NOTHING_SELECTED, selectRange, toggle, toggleAll } from './selection.ts';

const order = ['a', 'b', 'c', 'd', 'e'];

describe('choosing rows for a bulk edit', () => {
  it('a click toggles one row and anchors the next range', () => {
    const one = toggle(NOTHING_SELECTED, 'b');
    expect(chosen(one, order)).toEqual(['b']);
    expect(one.anchor).toBe('b');
    expect(chosen(toggle(one, 'b'), order)).toEqual([]);
  });

  it('a shift-click selects from the anchor to the row, either way, keeping what was chosen', () => {
    const start = toggle(toggle(NOTHING_SELECTED, 'e'), 'b');
    expect(chosen(selectRange(start, order, 'd'), order)).toEqual(['b', 'c', 'd', 'e']);
    const up = selectRange(toggle(NOTHING_SELECTED, 'd'), order, 'a');
    expect(chosen(up, order)).toEqual(['a', 'b', 'c', 'd']);
    expect(up.anchor).toBe('d');
  });

  it('without an anchor shown, a shift-click selects the row alone', () => {
    const gone = toggle(NOTHING_SELECTED, 'z');
    expect(chosen(selectRange(gone, order, 'c'), order)).toEqual(['c']);
    expect(chosen(selectRange(NOTHING_SELECTED, order, 'c'), order)).toEqual(['c']);
  });

  it('"Select all shown" selects every shown row, and again none; a row no longer shown does not count', () => {
    const all = toggleAll(toggle(NOTHING_SELECTED, 'a'), order);
    expect(chosen(all, order)).toEqual(order);
    expect(chosen(toggleAll(all, order), order)).toEqual([]);
    expect(chosen(all, ['b', 'x'])).toEqual(['b']);
  });
});
