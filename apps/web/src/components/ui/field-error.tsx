import styles from './field-error.module.css';

export type FieldErrorProps = {
  /** Referenced by the control's aria-describedby. */
  id: string;
  message?: string | undefined;
};

/** The one error line every control shows under itself; renders nothing when there is no message. */
export function FieldError({ id, message }: FieldErrorProps) {
  if (!message) return null;
  return (
    <p id={id} className={styles.error}>
      <svg className={styles.icon} viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" focusable="false">
        <path
          fillRule="evenodd"
          d="M8.49 2.86a1.75 1.75 0 0 1 3.02 0l6.28 10.9A1.75 1.75 0 0 1 16.28 16.4H3.72a1.75 1.75 0 0 1-1.51-2.63l6.28-10.9ZM10 6.5a.9.9 0 0 0-.9.9v3.4a.9.9 0 0 0 1.8 0V7.4a.9.9 0 0 0-.9-.9Zm0 8a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z"
          clipRule="evenodd"
        />
      </svg>
      <span>{message}</span>
    </p>
  );
}
