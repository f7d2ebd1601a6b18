import { type ReactNode, useState } from 'react';
import { cx } from './class-names.ts';
import styles from './figures-table.module.css';
import { ScrollTable } from './scroll-table.tsx';

/**
 * A chart's figures as a table (its accessible alternative), folded under `summary` until opened.
 * The rows are drawn only once it is opened (a 30-year plan has 360 of them), so `rows` is a
 * function. The table scrolls in a region named `label`, reachable by keyboard; its header row stays
 * on top, the first column (the row's header) reads from the left and the figures line up right.
 */
export function FiguresTable({
  summary,
  label,
  columns,
  rows,
  className,
}: {
  summary: ReactNode;
  label: string;
  /** The header row's cells (`<th scope="col">`). */
  columns: ReactNode;
  /** The body's rows, each led by a `<th scope="row">`. */
  rows: () => ReactNode;
  /** Width and placement in its panel: the page's layout, not the table's look. */
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <details className={cx(styles.details, className)} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>{summary}</summary>
      {open && (
        <ScrollTable label={label} className={styles.tableScroll} tableClassName={styles.table}>
          <thead>
            <tr>{columns}</tr>
          </thead>
          <tbody>{rows()}</tbody>
        </ScrollTable>
      )}
    </details>
  );
}
