import { type ReactNode, useId } from 'react';
import { ButtonLink } from '../../components/ui/button.tsx';
import { cx } from '../../components/ui/class-names.ts';
import styles from './home-card.module.css';

/** Where a card leads: its area's page, or the area's setup. The text names the area, never "click here". */
export interface CardLink {
  to: string;
  label: string;
}

/**
 * One area on Home: a surface named by its heading (h2, the area's name), the figures, and the link
 * to the area at the foot, so every card reads top to bottom the same way. `className` places it in the page's grid.
 */
export function HomeCard({
  title,
  link,
  action,
  className,
  children,
}: {
  title: string;
  link?: CardLink;
  /** In place of `link`: a button (the notifications' "see all" opens the header's panel). */
  action?: ReactNode;
  /** The card's place in the page's grid. */
  className?: string;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <section className={cx(styles.card, className)} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        {title}
      </h2>
      <div className={styles.body}>{children}</div>
      {(link || action) && (
        <div className={styles.foot}>
          {link ? (
            <ButtonLink to={link.to} variant="secondary" size="sm">
              {link.label}
            </ButtonLink>
          ) : (
            action
          )}
        </div>
      )}
    </section>
  );
}

/** The card's main figure: its name above, the amount large (read as "name, amount"). */
export function HeadlineFigure({ label, value, note }: { label: string; value: string; note?: ReactNode }) {
  return (
    <dl className={styles.headline}>
      <dt>{label}</dt>
      <dd className={styles.amount}>{value}</dd>
      {note && <dd className={styles.note}>{note}</dd>}
    </dl>
  );
}

/** Smaller figures under the headline, as many side by side as fit. */
export function CardFigures({ children }: { children: ReactNode }) {
  return <dl className={styles.figures}>{children}</dl>;
}

/** `negative` for what is taken away (debts, over budget), `muted` for a part with nothing in it yet. */
export function CardFigure({ label, value, tone }: { label: string; value: ReactNode; tone?: 'negative' | 'muted' }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd className={tone && styles[tone]}>{value}</dd>
    </div>
  );
}

/** An area not set up yet: one line of what it gives, the card's link going to its setup. */
export function Invitation({ children }: { children: ReactNode }) {
  return <p className={styles.invitation}>{children}</p>;
}
