import type { ButtonHTMLAttributes, ReactNode } from 'react';
import * as styles from './controls.css';

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: keyof typeof styles.button;
  /** While busy the button shows a spinner, announces itself busy and ignores clicks. */
  busy?: boolean;
  busyLabel?: ReactNode;
  fullWidth?: boolean;
};

export function Button({
  variant = 'primary',
  busy = false,
  busyLabel,
  fullWidth = false,
  children,
  className,
  disabled,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      className={[styles.button[variant], fullWidth ? styles.fullWidth : '', className ?? ''].join(' ').trim()}
    >
      {busy ? <span className={styles.spinner} aria-hidden="true" /> : null}
      {busy && busyLabel ? busyLabel : children}
    </button>
  );
}
