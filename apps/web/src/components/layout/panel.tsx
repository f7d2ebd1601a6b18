import { type ReactNode, useId } from 'react';
import { cx } from '../ui/class-names.ts';
import styles from './panel.module.css';

export type PanelProps = {
  title: ReactNode;
  /** 1 for a page that is one panel (its title is the page's), 2 for one panel among others. */
  level?: 1 | 2;
  /** 'article' for a document that stands on its own (a help article, a policy). */
  as?: 'section' | 'article';
  /** Above the title: a Back button. */
  lead?: ReactNode;
  /** At most 720 px wide: a page of reading, whatever the screen. */
  narrow?: boolean;
  /** The panel's own id, for links to it (the glossary's letters). */
  id?: string;
  /** Width and placement on its page: the page's layout, not the panel's look. */
  className?: string;
  children: ReactNode;
};

/**
 * The white, rounded surface the dashboard and the public pages set their content on, named by its
 * heading. Every page uses this one, so panels look the same everywhere.
 */
export function Panel({ title, level = 2, as: Tag = 'section', lead, narrow, id, className, children }: PanelProps) {
  const headingId = useId();
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <Tag id={id} className={cx(styles.panel, narrow && styles.narrow, className)} aria-labelledby={headingId}>
      {lead}
      <Heading id={headingId} className={level === 1 ? styles.pageTitle : styles.title}>
        {title}
      </Heading>
      {children}
    </Tag>
  );
}
