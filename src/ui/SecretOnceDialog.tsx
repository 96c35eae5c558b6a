import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Button } from './Button';
import { Dialog } from './Dialog';
import * as styles from './settings-list.css';

/**
 * A secret shown only this once (a new API key, a webhook's signing secret): selectable in its
 * field, a copy button that says when it copied, and "Done", which closes the dialog for good (the
 * machine drops the secret then). `secret` null: the dialog is closed.
 */
export function SecretOnceDialog({
  secret,
  title,
  description,
  secretLabel,
  testId,
  copyLabel,
  copied,
  onCopy,
  onDone,
  children,
}: {
  secret: string | null;
  title: ReactNode;
  description: ReactNode;
  /** The secret field's accessible name ("API key", "Webhook secret"). */
  secretLabel: string;
  testId: string;
  copyLabel: ReactNode;
  copied: boolean;
  onCopy: () => void;
  onDone: () => void;
  /** A note under the secret (how to send it). */
  children?: ReactNode;
}) {
  return (
    <Dialog
      open={secret !== null}
      onOpenChange={(open) => {
        if (!open) onDone();
      }}
      title={title}
      description={description}
      actions={
        <Button onClick={onDone}>
          <Trans>Done</Trans>
        </Button>
      }
    >
      <div className={styles.secretRow}>
        <output className={styles.secret} aria-label={secretLabel} data-testid={testId}>
          {secret ?? ''}
        </output>
        <Button variant="secondary" onClick={onCopy}>
          {copied ? <Trans>Copied</Trans> : copyLabel}
        </Button>
      </div>
      {children}
    </Dialog>
  );
}
