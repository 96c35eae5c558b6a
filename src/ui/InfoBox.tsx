import { useLingui } from '@lingui/react/macro';
import { type ReactNode, useState } from 'react';
import * as styles from './controls.css';

/** A notice box; when dismissible, a close button hides it (docs/product.md §2.3: the pilot-phase box). */
export function InfoBox({
  tone = 'info',
  title,
  children,
  dismissible = false,
}: {
  tone?: 'info' | 'success' | 'error';
  title?: ReactNode;
  children: ReactNode;
  dismissible?: boolean;
}) {
  const { t } = useLingui();
  const [dismissed, setDismissed] = useState(false);
  if (dismissed) return null;
  return (
    <div className={styles.infoBox[tone]} role={tone === 'error' ? 'alert' : 'note'}>
      <div className={styles.infoBoxBody}>
        {title ? <strong>{title}</strong> : null}
        <div>{children}</div>
      </div>
      {dismissible ? (
        <button
          type="button"
          className={styles.chipRemove}
          aria-label={t`Dismiss notice`}
          onClick={() => setDismissed(true)}
        >
          ×
        </button>
      ) : null}
    </div>
  );
}
