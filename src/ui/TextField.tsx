import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import * as styles from './controls.css';

export type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> & {
  label: ReactNode;
  value: string;
  onValueChange: (value: string) => void;
  /** Already translated; shown under the field and tied to it with aria-describedby. */
  error?: string | null;
  hint?: ReactNode;
  trailing?: ReactNode;
};

/** A labelled input whose error is announced with the field (aria-invalid + aria-describedby). */
export function TextField({ label, value, onValueChange, error, hint, trailing, id, ...rest }: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  const input = (
    <input
      {...rest}
      id={inputId}
      className={styles.input}
      value={value}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy}
      onChange={(event) => onValueChange(event.target.value)}
    />
  );
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={inputId}>
        {label}
      </label>
      {trailing ? (
        <div className={styles.inputWithToggle}>
          {input}
          {trailing}
        </div>
      ) : (
        input
      )}
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={styles.errorText} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
