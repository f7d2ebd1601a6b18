import type { ComponentPropsWithRef } from 'react';
import { Link, type LinkProps } from 'react-router';
import styles from './button.module.css';
import { cx } from './class-names.ts';
import { Spinner } from './spinner.tsx';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

export type ButtonProps = ComponentPropsWithRef<'button'> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /**
   * Shows a spinner, marks the button busy and refuses presses (click, Enter, a form's implicit
   * submission) so a form cannot be sent twice. It stays focusable (`aria-disabled`, not `disabled`):
   * a disabled button drops the focus to the page, and a dialog that opened meanwhile (the auth
   * interrupt's "Confirm it's you") could not give it back when it closed.
   */
  loading?: boolean;
  fullWidth?: boolean;
};

export function Button({
  variant = 'primary',
  size = 'md',
  loading = false,
  fullWidth = false,
  type = 'button',
  disabled,
  className,
  children,
  onClick,
  ...buttonProps
}: ButtonProps) {
  return (
    <button
      {...buttonProps}
      // A <button> defaults to submit, which silently sends any surrounding form.
      type={type}
      disabled={disabled}
      aria-disabled={loading || undefined}
      aria-busy={loading || undefined}
      // Cancelling the click also cancels the submission it would start (Enter in a field clicks
      // the form's submit button).
      onClick={loading ? (event) => event.preventDefault() : onClick}
      className={buttonClass(variant, size, fullWidth, className)}
    >
      {loading ? <Spinner size="sm" /> : null}
      {children}
    </button>
  );
}

const buttonClass = (variant: ButtonVariant, size: ButtonSize, fullWidth: boolean, className: string | undefined) =>
  cx(styles.button, styles[variant], styles[size], fullWidth && styles.fullWidth, className);

export type ButtonLinkProps = LinkProps & { variant?: ButtonVariant; size?: ButtonSize; fullWidth?: boolean };

/** A link that looks like a button: it goes somewhere (Sign Up, Chat with Helo advisor) rather than acting. */
export function ButtonLink({
  variant = 'primary',
  size = 'md',
  fullWidth = false,
  className,
  ...props
}: ButtonLinkProps) {
  return <Link {...props} className={buttonClass(variant, size, fullWidth, className)} />;
}
