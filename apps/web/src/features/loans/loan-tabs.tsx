import * as Tabs from '@radix-ui/react-tabs';
import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import styles from './loan-tabs.module.css';

export interface LoanTab {
  value: string;
  label: string;
  content: ReactNode;
}

// Spec: the sliding indicator is repositioned 50 ms after a change, once the tab has laid out.
const INDICATOR_DELAY_MS = 50;

/** Accessible tabs (role tab, arrow keys) with an underline that slides to the selected tab. */
export function LoanTabs({ tabs, label }: { tabs: LoanTab[]; label: string }) {
  const [value, setValue] = useState(tabs[0]?.value ?? '');
  const listRef = useRef<HTMLDivElement>(null);
  const [indicator, setIndicator] = useState<{ left: number; width: number } | null>(null);

  useLayoutEffect(() => {
    const place = () => {
      const active = listRef.current?.querySelector<HTMLElement>(`[data-tab="${value}"]`);
      if (active) setIndicator({ left: active.offsetLeft, width: active.offsetWidth });
    };
    const timer = window.setTimeout(place, INDICATOR_DELAY_MS);
    window.addEventListener('resize', place);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('resize', place);
    };
  }, [value]);

  return (
    <Tabs.Root value={value} onValueChange={setValue} className={styles.root}>
      <div className={styles.scroller}>
        <Tabs.List ref={listRef} aria-label={label} className={styles.list}>
          {tabs.map((t) => (
            <Tabs.Trigger key={t.value} value={t.value} className={styles.tab} data-tab={t.value}>
              {t.label}
            </Tabs.Trigger>
          ))}
          <span
            className={styles.indicator}
            aria-hidden="true"
            data-testid="tab-indicator"
            style={indicator ? { transform: `translateX(${indicator.left}px)`, width: indicator.width } : { width: 0 }}
          />
        </Tabs.List>
      </div>
      {tabs.map((t) => (
        <Tabs.Content key={t.value} value={t.value} className={styles.panel}>
          {t.content}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
