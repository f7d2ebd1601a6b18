import { useEffect, useRef, useState } from 'react';

/**
 * Which of a card's buttons has its form or dialog open, and the way back: when it closes, the
 * focus goes to that button (found by its `data-action` inside `actions`), not to the page's start.
 */
export function useOpenedFrom<Action extends string>() {
  const [open, setOpen] = useState<Action | null>(null);
  const actions = useRef<HTMLDivElement>(null);
  const returnTo = useRef<Action | null>(null);
  const closeAndFocus = (button: Action) => {
    returnTo.current = button;
    setOpen(null);
  };
  useEffect(() => {
    if (open !== null || !returnTo.current) return;
    actions.current?.querySelector<HTMLButtonElement>(`[data-action="${returnTo.current}"]`)?.focus();
    returnTo.current = null;
  }, [open]);
  return { open, setOpen, actions, closeAndFocus };
}
