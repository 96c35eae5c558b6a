import type { ReactNode } from 'react';
import * as styles from './controls.css';

/** A removable tag (dealer brands); the remove button names what it removes. */
export function Chip({
  children,
  onRemove,
  removeLabel,
}: {
  children: ReactNode;
  onRemove?: () => void;
  removeLabel?: string;
}) {
  return (
    <span className={styles.chip}>
      {children}
      {onRemove ? (
        <button type="button" className={styles.chipRemove} aria-label={removeLabel} onClick={onRemove}>
          ×
        </button>
      ) : null}
    </span>
  );
}
