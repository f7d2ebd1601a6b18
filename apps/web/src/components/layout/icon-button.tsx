import type { ComponentPropsWithRef } from 'react';
import styles from './icon-button.module.css';

export type IconButtonProps = Omit<ComponentPropsWithRef<'button'>, 'aria-label'> & {
  /** What the button does, for people who cannot see the icon: the button's only name. */
  label: string;
};

/** A 44 px square button holding one icon (menu, help, notifications, close). */
export function IconButton({ label, type = 'button', className, children, ...props }: IconButtonProps) {
  return (
    <button
      {...props}
      type={type}
      aria-label={label}
      className={className ? `${styles.iconButton} ${className}` : styles.iconButton}
    >
      {children}
    </button>
  );
}
