import { type ReactNode, useId } from 'react';
import * as styles from './controls.css';

export function Checkbox({
  label,
  checked,
  onCheckedChange,
  error,
  name,
}: {
  label: ReactNode;
  /** The field's name in a plain form post (ADR 046); a ticked box posts `true`. */
  name?: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  error?: string | null;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={styles.field}>
      <div className={styles.checkboxRow}>
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
