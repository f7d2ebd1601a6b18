import type { ComponentPropsWithRef } from 'react';
import styles from './choice-tile.module.css';

export type ChoiceTileProps = Omit<ComponentPropsWithRef<'input'>, 'type'> & {
  type: 'checkbox' | 'radio';
  label: string;
};

/**
 * One answer of a ChoiceGroup: a native checkbox or radio inside a large label, so the whole tile
 * is the target (44 px at least), keyboard and screen readers get the real control, and the tile
 * shows its state beside the box. Every input prop, `ref` included, goes to the <input>, so
 * react-hook-form's `{...register('field')}` works on it.
 */
export function ChoiceTile({ label, className, ...inputProps }: ChoiceTileProps) {
  return (
    <label className={className ? `${styles.tile} ${className}` : styles.tile}>
      <input {...inputProps} className={styles.input} />
      <span>{label}</span>
    </label>
  );
}
