/**
 * The rows chosen for a bulk edit (issue 29 item 6), as pure steps over the shown order: a click
 * toggles one and makes it the anchor; a shift-click (or Shift+Space, Shift+Arrow) selects every row
 * from the anchor to it. Only ids still shown count: a row filtered away is not edited unseen.
 */
export interface Selection {
  ids: ReadonlySet<string>;
  anchor: string | null;
}

export const NOTHING_SELECTED: Selection = { ids: new Set(), anchor: null };

/** One row in or out; it becomes the anchor of the next range. */
export function toggle(selection: Selection, id: string): Selection {
  const ids = new Set(selection.ids);
  if (ids.has(id)) ids.delete(id);
  else ids.add(id);
  return { ids, anchor: id };
}

/**
 * Every row from the anchor to `id` selected (the rows chosen before stay); without an anchor shown,
 * the row alone. The anchor stays, so a second shift-click changes the range's far end.
 */
export function selectRange(selection: Selection, order: readonly string[], id: string): Selection {
  const to = order.indexOf(id);
  const from = selection.anchor === null ? -1 : order.indexOf(selection.anchor);
  if (to < 0) return selection;
  if (from < 0) return { ids: new Set([...selection.ids, id]), anchor: id };
  const [lo, hi] = from < to ? [from, to] : [to, from];
  return { ids: new Set([...selection.ids, ...order.slice(lo, hi + 1)]), anchor: selection.anchor };
}

/** All the shown rows, or none when all are chosen already ("Select all shown" again). */
export function toggleAll(selection: Selection, order: readonly string[]): Selection {
  const all = order.length > 0 && order.every((id) => selection.ids.has(id));
  return all ? NOTHING_SELECTED : { ids: new Set(order), anchor: selection.anchor };
}

/** The chosen rows that are still shown, in the shown order. */
export function chosen(selection: Selection, order: readonly string[]): string[] {
  return order.filter((id) => selection.ids.has(id));
}
