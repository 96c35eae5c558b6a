import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { formatLanguage, formatQuantity } from '../../../common/format/formats';
import { ORDER_FILE_MAX_ROWS, type OrderFileFailure } from '../../../common/upload/order-file';
import type { ImportedLine } from '../../../machines/order-upload.machine';
import { useMessageText } from '../../i18n/use-message-text';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { InfoBox } from '../../ui/InfoBox';
import { TextField } from '../../ui/TextField';
import { MappingPreview } from './MappingPreview';
import * as styles from './order-upload.css';
import { type OrderUpload, type OrderUploadImplementations, useOrderUpload } from './use-order-upload';

/**
 * "Take over from a file" on the new inquiry (issue 14): a dialog with its own upload flow. It is
 * mounted only while open, so every opening starts with a fresh choice of file.
 */
export function OrderUploadDialog({
  open,
  onOpenChange,
  implementations,
  capacity,
  onLines,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  implementations: OrderUploadImplementations;
  capacity: number;
  onLines: (lines: ImportedLine[]) => void;
}) {
  return open ? (
    <OpenUploadDialog
      implementations={implementations}
      capacity={capacity}
      onLines={onLines}
      onEnd={() => onOpenChange(false)}
    />
  ) : null;
}

function OpenUploadDialog({
  implementations,
  capacity,
  onLines,
  onEnd,
}: {
  implementations: OrderUploadImplementations;
  capacity: number;
  onLines: (lines: ImportedLine[]) => void;
  onEnd: () => void;
}) {
  const upload = useOrderUpload(implementations, { capacity, onLines, onEnd });
  const keptCount = upload.keptCount;
  return (
    <Dialog
      open
      wide
      onOpenChange={(next) => {
        if (!next) upload.cancel();
      }}
      title={<Trans>Take over from a file</Trans>}
      description={
        <Trans>
          A CSV or PDF order is read in your browser. You check which column is what, correct lines and take them over
          into the inquiry; nothing is sent before you send the inquiry.
        </Trans>
      }
      actions={
        <>
          <Button variant="secondary" onClick={upload.cancel}>
            <Trans>Cancel</Trans>
          </Button>
          {upload.state === 'mapping' ? (
            <Button onClick={upload.confirm} disabled={upload.blocker !== null}>
              {keptCount === 1 ? <Trans>Take over 1 line</Trans> : <Trans>Take over {keptCount} lines</Trans>}
            </Button>
          ) : null}
        </>
      }
    >
      <UploadStatus upload={upload} />
      {upload.state === 'choosing' || upload.state === 'failed' ? <FileChoice upload={upload} /> : null}
      {upload.state === 'mapping' ? (
        <>
          <LayoutControls upload={upload} />
          <MappingPreview upload={upload} />
        </>
      ) : null}
    </Dialog>
  );
}

/** The live region: what the flow is doing, announced as it changes. */
function UploadStatus({ upload }: { upload: OrderUpload }) {
  const { fileName, table, keptCount } = upload;
  const rowCount = table?.rows.length ?? 0;
  const pages = table?.pages ?? 0;
  return (
    <p role="status" aria-live="polite">
      {upload.state === 'reading' ? <Trans>Reading {fileName}…</Trans> : null}
      {upload.state === 'mapping' && table?.kind === 'pdf' ? (
        <Trans>
          {rowCount} lines read from {pages} PDF pages; {keptCount} to be taken over.
        </Trans>
      ) : null}
      {upload.state === 'mapping' && table?.kind === 'csv' ? (
        <Trans>
          {rowCount} lines read from the CSV file; {keptCount} to be taken over.
        </Trans>
      ) : null}
    </p>
  );
}

function FailureMessage({ failure }: { failure: OrderFileFailure }) {
  const { i18n } = useLingui();
  const maxRows = formatQuantity(ORDER_FILE_MAX_ROWS, formatLanguage(i18n.locale));
  switch (failure) {
    case 'empty':
      return <Trans>The file is empty.</Trans>;
    case 'tooLarge':
      return <Trans>The file is larger than 5 MB. Please split the order or export it without images.</Trans>;
    case 'notCsvOrPdf':
      return <Trans>This file is neither a CSV nor a PDF file, whatever its name says.</Trans>;
    case 'encryptedPdf':
      return <Trans>This PDF is password-protected. Please export it without protection.</Trans>;
    case 'imagesOnlyPdf':
      return <Trans>This PDF holds images only; export it as text or CSV.</Trans>;
    case 'tooManyRows':
      return <Trans>The file has more than {maxRows} lines. Please split the order.</Trans>;
    case 'noRows':
      return <Trans>No order lines were found in the file.</Trans>;
    case 'unreadable':
      return <Trans>The file could not be read. Please export it again as CSV or PDF.</Trans>;
  }
}

function FileChoice({ upload }: { upload: OrderUpload }) {
  const [dragging, setDragging] = useState(false);
  return (
    <>
      {upload.failure ? (
        <InfoBox tone="error">
          <FailureMessage failure={upload.failure} />{' '}
          <Trans>Nothing has been changed; you can choose another file.</Trans>
        </InfoBox>
      ) : null}
      <fieldset
        className={dragging ? styles.dropZoneActive : styles.dropZone}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          const file = event.dataTransfer.files[0];
          if (file) upload.chooseFile(file);
        }}
      >
        <legend className={styles.visuallyHidden}>
          <Trans>Choose the order file</Trans>
        </legend>
        <label htmlFor="order-upload-file">
          <Trans>Order file (CSV or PDF, up to 5 MB)</Trans>
        </label>
        <input
          id="order-upload-file"
          type="file"
          accept=".csv,.pdf,text/csv,application/pdf"
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) upload.chooseFile(file);
            event.target.value = '';
          }}
        />
        <p className={styles.warning}>
          <Trans>or drop the file here</Trans>
        </p>
      </fieldset>
    </>
  );
}

function LayoutControls({ upload }: { upload: OrderUpload }) {
  const { t } = useLingui();
  const messageText = useMessageText();
  const applied = upload.appliedLayout;
  const saved = upload.savedLayoutName;
  return (
    <div className={styles.toolbar}>
      {applied ? (
        <InfoBox>
          <Trans>Layout »{applied}« applied.</Trans>{' '}
          <Button variant="ghost" onClick={upload.revertLayout}>
            <Trans>Use the guessed mapping instead</Trans>
          </Button>
        </InfoBox>
      ) : null}
      <TextField
        label={<Trans>Save this mapping as layout</Trans>}
        hint={<Trans>It is offered again for files of the same shape.</Trans>}
        placeholder={t`For example: Bosch export`}
        value={upload.layoutName}
        onValueChange={upload.changeLayoutName}
        error={
          upload.layoutSaveFailure
            ? (messageText(upload.layoutSaveFailure.messageId) ?? upload.layoutSaveFailure.message)
            : null
        }
        maxLength={60}
      />
      <Button
        variant="secondary"
        onClick={upload.saveLayout}
        busy={upload.savingLayout}
        disabled={upload.layoutName.trim() === ''}
      >
        <Trans>Save layout</Trans>
      </Button>
      {saved ? (
        <p role="status">
          <Trans>Layout »{saved}« saved.</Trans>
        </p>
      ) : null}
    </div>
  );
}

export type { ImportedLine };
