import { type KeyboardEvent, type MouseEvent, useRef, useState } from 'react';
import { chosen, NOTHING_SELECTED, type Selection, selectRange, toggle, toggleAll } from './selection.ts';

/**
 * The list's row checkboxes as one keyboard stop (roving focus, decisions.md "Bulk edit and one
 * undo"): Tab reaches one of them (the last one used), the arrows move between them (Home and End to
 * the ends), Space toggles, Shift+Space and Shift+Arrow select the range from the anchor, and a
 * shift-click does with the mouse. `order` is the shown rows' ids, top to bottom.
 */
export function useRowSelection(order: readonly string[]) {
  const [selection, setSelection] = useState<Selection>(NOTHING_SELECTED);
  const [active, setActive] = useState<string | null>(null);
  const boxes = useRef(new Map<string, HTMLInputElement>());
  // Shift+Space toggles through the checkbox's own click, which may not carry the Shift key.
  const shiftSpace = useRef(false);
  const ids = chosen(selection, order);
  const current = active !== null && order.includes(active) ? active : (order[0] ?? null);

  const focusRow = (index: number) => {
    const id = order[Math.max(0, Math.min(order.length - 1, index))];
    if (id === undefined) return undefined;
    setActive(id);
    boxes.current.get(id)?.focus();
    return id;
  };

  const checkboxProps = (id: string, index: number) => ({
    ref: (node: HTMLInputElement | null) => {
      if (node) boxes.current.set(id, node);
      else boxes.current.delete(id);
    },
    tabIndex: id === current ? 0 : -1,
    checked: selection.ids.has(id),
    onChange: () => {
      // Toggled in onClick, which knows the Shift key; React keeps the box as the state says.
    },
    onFocus: () => setActive(id),
    onClick: (event: MouseEvent<HTMLInputElement>) => {
      const range = event.shiftKey || shiftSpace.current;
      shiftSpace.current = false;
      setSelection((s) => (range ? selectRange(s, order, id) : toggle(s, id)));
    },
    onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
      const step = { ArrowDown: 1, ArrowUp: -1 }[event.key];
      if (step !== undefined) {
        event.preventDefault();
        const next = focusRow(index + step);
        if (event.shiftKey && next !== undefined) {
          setSelection((s) => selectRange(s.anchor === null ? toggle(s, id) : s, order, next));
        }
      } else if (event.key === 'Home' || event.key === 'End') {
        event.preventDefault();
        focusRow(event.key === 'Home' ? 0 : order.length - 1);
      } else if (event.key === ' ') {
        shiftSpace.current = event.shiftKey;
      }
    },
  });

  return {
    /** The chosen rows still shown, top to bottom. */
    ids,
    checkboxProps,
    allChosen: order.length > 0 && ids.length === order.length,
    toggleAll: () => setSelection((s) => toggleAll(s, order)),
    clear: () => setSelection(NOTHING_SELECTED),
  };
}
