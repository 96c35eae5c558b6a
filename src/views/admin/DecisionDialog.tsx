import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Select } from '../../ui/Select';
import { TextField } from '../../ui/TextField';

/**
 * The confirmation of a review decision; a rejection may carry a reason for the requester, and a
 * decision may offer an optional pick (verifying a dealer: which listed dealer it is).
 */
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
  choice = null,
  onChoiceChange = () => {},
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
  /** An optional pick (the listed dealer a verified registration is); null: none offered. */
  choice?: {
    label: string;
    placeholder: string;
    value: string;
    options: readonly { value: string; label: string }[];
  } | null;
  onChoiceChange?: (value: string) => void;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useLingui();
  return (
    <ConfirmDialog
      open={open}
      title={title}
      description={description}
      confirmLabel={confirmLabel}
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
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
      {choice ? (
        <Select
          label={choice.label}
          name="choice"
          value={choice.value}
          onValueChange={onChoiceChange}
          placeholder={choice.placeholder}
          options={choice.options}
        />
      ) : null}
    </ConfirmDialog>
  );
}
