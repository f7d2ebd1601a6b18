import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { IconButton } from '../../components/layout/icon-button.tsx';
import { useDismiss } from '../../lib/use-dismiss.ts';
import { helpEntryFor } from './dashboard-menu.ts';
import styles from './help-menu.module.css';

export function HelpMenu() {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(ref, open, close, button);
  const entry = helpEntryFor(pathname);
  const list = useRef<HTMLUListElement>(null);
  // Focus moves into the popover when it opens; Escape puts it back on the button (useDismiss).
  useEffect(() => {
    if (open) list.current?.querySelector('a')?.focus();
  }, [open]);

  return (
    <div className={styles.popupAnchor} ref={ref}>
      <IconButton
        ref={button}
        label="Help"
        aria-expanded={open}
        aria-controls="help-menu"
        onClick={() => setOpen((o) => !o)}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="2" />
          <path
            d="M9.5 9a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6V14"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          />
          <circle cx="12" cy="17.5" r="1.2" fill="currentColor" />
        </svg>
      </IconButton>
      {open && (
        <ul id="help-menu" ref={list} className={styles.popup} aria-label="Help">
          {entry && (
            <li>
              <Link to={entry} onClick={close}>
                {entry === '/dashboard/help-center' ? 'Help Center' : 'Help with this page'}
              </Link>
            </li>
          )}
          <li>
            <Link to="/contactus" onClick={close}>
              Contact Support
            </Link>
          </li>
          <li>
            <Link to="/dashboard/tools" onClick={close}>
              Coming soon to Helo
            </Link>
          </li>
        </ul>
      )}
    </div>
  );
}
