import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Button } from './Button';
import { Dialog } from './Dialog';

/**
 * A dialog that ends in one change: a confirmation before a change that cannot be undone (revoking
 * a key, deleting a webhook, a review decision) or a small form (creating a key). What happens,
 * Cancel and the change itself, busy while it is sent, and why the last try failed. With `form`,
 * the children are a form of that id, which the change's button (and Enter in a field) submits.
 * Closed while `open` is false.
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
  form,
  wide = false,
  children,
}: {
  open: boolean;
  title: ReactNode;
  description?: ReactNode;
  confirmLabel: ReactNode;
  busy: boolean;
  failure?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
  /** The id of the form the children are wrapped in; the change's button submits it. */
  form?: string;
  wide?: boolean;
  children?: ReactNode;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onCancel();
      }}
      title={title}
      description={description}
      wide={wide}
      actions={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            <Trans>Cancel</Trans>
          </Button>
          {form ? (
            <Button type="submit" form={form} busy={busy}>
              {confirmLabel}
            </Button>
          ) : (
            <Button onClick={onConfirm} busy={busy}>
              {confirmLabel}
            </Button>
          )}
        </>
      }
    >
      {form ? (
        <form
          id={form}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            onConfirm();
          }}
        >
          {children}
        </form>
      ) : (
        children
      )}
      {failure ? <p role="alert">{failure}</p> : null}
    </Dialog>
  );
}
