import { type ReactNode, type Ref, useId } from 'react';
import { cx } from '../ui/class-names.ts';
import styles from './record-card.module.css';

/**
 * One saved record (a savings goal, an investment account) in its page's list: a bordered box
 * named by its heading, its kind in a badge beside the name. At level 2 (the page's own list) it is
 * roomier than at level 3 (a list inside a panel).
 */
export function RecordCard({
  name,
  kind,
  level,
  children,
}: {
  name: ReactNode;
  kind: ReactNode;
  level: 2 | 3;
  children: ReactNode;
}) {
  const titleId = useId();
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <article className={cx(styles.card, level === 2 && styles.roomy)} aria-labelledby={titleId}>
      <header className={styles.header}>
        <Heading id={titleId} className={styles.name}>
          {name}
        </Heading>
        <span className={styles.kind}>{kind}</span>
      </header>
      {children}
    </article>
  );
}

/** The card's figures: a list of names (`<dt>`) and values (`<dd>`), each pair in a `<div>`. */
export function RecordFigures({ children }: { children: ReactNode }) {
  return <dl className={styles.figures}>{children}</dl>;
}

/** The card's buttons, in a row that wraps. */
export function RecordActions({ ref, children }: { ref?: Ref<HTMLDivElement>; children: ReactNode }) {
  return (
    <div ref={ref} className={styles.actions}>
      {children}
    </div>
  );
}
