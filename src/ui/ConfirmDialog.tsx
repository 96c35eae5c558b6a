import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Button } from './Button';
import { Dialog } from './Dialog';

/**
 * A confirmation before a change that cannot be undone (revoking a key, deleting a webhook, a new
 * secret): what happens, Cancel and the change itself, busy while it is sent, and why the last try
 * failed. Closed while `open` is false.
 */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  busy,
  failure,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: ReactNode;
  busy: boolean;
  failure: string | null | undefined;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onCancel();
      }}
      title={title}
      description={description}
      actions={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            <Trans>Cancel</Trans>
          </Button>
          <Button onClick={onConfirm} busy={busy}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {failure ? <p role="alert">{failure}</p> : null}
    </Dialog>
  );
}
