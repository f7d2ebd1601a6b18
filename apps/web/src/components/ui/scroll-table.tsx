import type { ReactNode } from 'react';
import { cx } from './class-names.ts';
import styles from './scroll-table.module.css';

/**
 * A table that scrolls inside its own box, never the page: a region named `label` the keyboard can
 * reach, its header row staying in sight. `className` (the box: its height) and `tableClassName`
 * (the cells: alignment) add the table's own look.
 */
export function ScrollTable({
  label,
  id,
  hidden,
  className,
  tableClassName,
  children,
}: {
  label: string;
  /** For a control that shows or hides the table (`aria-controls`). */
  id?: string | undefined;
  hidden?: boolean | undefined;
  className?: string | undefined;
  tableClassName?: string | undefined;
  /** The table's <caption>, <thead> and <tbody>. */
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to scroll it.
    <section id={id} hidden={hidden} className={cx(styles.scroll, className)} aria-label={label} tabIndex={0}>
      <table className={cx(styles.table, tableClassName)}>{children}</table>
    </section>
  );
}
