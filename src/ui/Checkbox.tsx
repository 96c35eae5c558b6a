import { type ReactNode, useId } from 'react';
import * as styles from './controls.css';

export function Checkbox({
  label,
  checked,
  onCheckedChange,
  error,
  dense = false,
  name,
}: {
  label: ReactNode;
  /** The field's name in a plain form post (ADR 046); a ticked box posts `true`. */
  name?: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  error?: string | null;
  /** One of a list of many: compact rows (controls.css.ts, denseCheckboxRow). */
  dense?: boolean;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={dense ? `${styles.field} ${styles.denseField}` : styles.field}>
      <div className={dense ? `${styles.checkboxRow} ${styles.denseCheckboxRow}` : styles.checkboxRow}>
        <input
          id={id}
          type="checkbox"
          name={name}
          value={name ? 'true' : undefined}
          className={styles.checkbox}
          checked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => onCheckedChange(event.target.checked)}
        />
        <label htmlFor={id}>{label}</label>
      </div>
      {error ? (
        <p id={errorId} className={styles.errorText} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
