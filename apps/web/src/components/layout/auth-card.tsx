import type { ReactNode } from 'react';
import styles from './auth-card.module.css';

export type AuthCardProps = {
  title: string;
  subtitle?: ReactNode;
  /** Under the card's content: the way to the neighbouring page ('New to Helo? Sign Up'). */
  footer?: ReactNode;
  children: ReactNode;
};

/** The centred card every sign-in, sign-up and verification screen sits in. */
export function AuthCard({ title, subtitle, footer, children }: AuthCardProps) {
  return (
    <section className={styles.card} aria-labelledby="auth-card-title">
      <h1 id="auth-card-title" className={styles.title}>
        {title}
      </h1>
      {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
      {children}
      {footer && <p className={styles.footer}>{footer}</p>}
    </section>
  );
}
