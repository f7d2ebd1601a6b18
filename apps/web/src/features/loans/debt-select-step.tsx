import type { Debt } from '@helo/contract/catalogues';
import styles from './debt-select-step.module.css';
import { debtCaption } from './debt-types.ts';

/** Step 1: a tile per debt type; each one toggles, with a tick when picked. */
export function DebtSelectStep({
  catalogue,
  selected,
  onToggle,
}: {
  catalogue: readonly Debt[];
  selected: readonly number[];
  onToggle: (id: number) => void;
}) {
  return (
    <ul className={styles.tiles} aria-label="Debt types">
      {catalogue.map((d) => {
        const picked = selected.includes(d.id);
        return (
          <li key={d.id}>
            <button type="button" className={styles.tile} aria-pressed={picked} onClick={() => onToggle(d.id)}>
              <img src={d.image_url} alt="" width={72} height={72} />
              <span className={styles.caption}>{debtCaption(d.debt_name)}</span>
              <span className={styles.tick} aria-hidden="true">
                {picked && (
                  <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
                    <path d="M5 12l5 5 9-10" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
                  </svg>
                )}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
