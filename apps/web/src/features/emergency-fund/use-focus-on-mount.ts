import { type RefObject, useEffect } from 'react';

/**
 * Moves the focus to `ref` when the component appears: a step that replaces another would otherwise
 * leave the focus on a button that is gone (the page's start, for a screen reader). `enabled` false
 * for what is there when the page loads, which must not steal the focus.
 */
export function useFocusOnMount(ref: RefObject<HTMLElement | null>, enabled = true) {
  useEffect(() => {
    if (enabled) ref.current?.focus();
  }, [ref, enabled]);
}
