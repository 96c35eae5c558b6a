import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { TextField } from '../../ui/TextField';

/** The confirmation of a review decision; a rejection may carry a reason for the requester. */
export function DecisionDialog({
  open,
  busy,
  title,
  description,
  confirmLabel,
  reason,
  reasonLabel,
  reasonRequired = false,
  reasonMaxLength,
  reasonError = null,
  onReasonChange,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  busy: boolean;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: ReactNode;
  /** Shown (and editable) only for rejections. */
  reason: string | null;
  /** How the reason field is labelled; "Reason (sent to the requester)" unless given. */
  reasonLabel?: string;
  reasonRequired?: boolean;
  reasonMaxLength?: number;
  /** Already translated: what is wrong with the reason, announced with the field. */
  reasonError?: string | null;
  onReasonChange: (value: string) => void;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useLingui();
  return (
    <Dialog
      open={open}
      onOpenChange={(isOpen) => {
        if (!isOpen) onCancel();
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
      {reason !== null ? (
        <TextField
          label={reasonLabel ?? t`Reason (sent to the requester)`}
          name="reason"
          required={reasonRequired}
          maxLength={reasonMaxLength}
          error={reasonError}
          value={reason}
          onValueChange={onReasonChange}
        />
      ) : null}
    </Dialog>
  );
}
