import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { CLOSING_TIME_OPTIONS, type NewInquiryDraft } from '../../../machines/new-inquiry-form';
import { useMessageText } from '../../i18n/use-message-text';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { InfoBox } from '../../ui/InfoBox';
import { LoadError } from '../../ui/LoadError';
import { Select } from '../../ui/Select';
import { TextField } from '../../ui/TextField';
import { OrderUploadDialog } from '../order-upload/OrderUploadDialog';
import type { OrderUploadImplementations } from '../order-upload/use-order-upload';
import { FitmentHint } from '../trade-shared/FitmentHint';
import { HsnTsnFields } from '../vehicle/HsnTsnFields';
import { VinField } from '../vehicle/VinField';
import * as styles from './inquiries.css';
import { type NewInquiryImplementations, useNewInquiry } from './use-new-inquiry';

/**
 * /inquiries/new (issue 13): the vehicle, the lines, the dealers and the closing time of one
 * inquiry; with `orderUpload`, lines can be taken over from a CSV or PDF order (issue 14).
 */
export function NewInquiryView({
  implementations,
  draft,
  orderUpload,
  punchInToken = null,
}: {
  implementations: NewInquiryImplementations;
  draft: NewInquiryDraft | null;
  orderUpload?: OrderUploadImplementations;
  /** The token of a DMS punch-in link (`?punchin=…`, ADR 034), redeemed once when the form opens. */
  punchInToken?: string | null;
}) {
  const { t } = useLingui();
  const messageText = useMessageText();
  const form = useNewInquiry(implementations, draft, punchInToken);
  const formRef = useRef<HTMLFormElement>(null);
  const { errors, attempts } = form;
  const [uploading, setUploading] = useState(false);

  // After a refused send the focus moves to the first field with a message (in the form's order).
  useEffect(() => {
    if (attempts === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid="true"]')?.focus();
  }, [attempts]);

  const closingLabel = (minutes: number) => {
    if (minutes < 60) return t`${minutes} minutes`;
    if (minutes < 1440) {
      const hours = minutes / 60;
      return hours === 1 ? t`1 hour` : t`${hours} hours`;
    }
    const days = minutes / 1440;
    return days === 1 ? t`1 day` : t`${days} days`;
  };
  const closingOptions = CLOSING_TIME_OPTIONS.map((minutes) => ({
    value: String(minutes),
    label: closingLabel(minutes),
  }));
  if (!CLOSING_TIME_OPTIONS.some((minutes) => minutes === form.closesInMinutes)) {
    closingOptions.push({ value: String(form.closesInMinutes), label: closingLabel(form.closesInMinutes) });
  }
  const failureText = form.failure ? (messageText(form.failure.messageId) ?? form.failure.message) : null;
  const punchInFailureText = form.punchInFailure
    ? (messageText(form.punchInFailure.messageId) ?? form.punchInFailure.message)
    : null;

  return (
    <section aria-labelledby="new-inquiry-title" aria-busy={form.loading || form.sending}>
      <h1 id="new-inquiry-title">
        <Trans>New inquiry</Trans>
      </h1>
      <p>
        <Link to="/inquiries">
          <Trans>Back to the inquiries</Trans>
        </Link>
      </p>
      {form.redeemingPunchIn ? (
        <p role="status">
          <Trans>Opening the inquiry from your DMS…</Trans>
        </p>
      ) : null}
      {punchInFailureText ? (
        <InfoBox tone="error" title={<Trans>The link from your DMS could not be opened</Trans>}>
          <p>{punchInFailureText}</p>
          <p>
            <Link to="/inquiries">
              <Trans>Go to your inquiries</Trans>
            </Link>{' '}
            <Button variant="ghost" onClick={form.dismissPunchInFailure}>
              <Trans>Write the inquiry here</Trans>
            </Button>
          </p>
        </InfoBox>
      ) : null}
      {form.loading ? (
        <p role="status">
          <Trans>Loading your dealers…</Trans>
        </p>
      ) : null}
      <LoadError message={form.loadError} onRetry={form.retry} />
      {form.noActiveDealer ? (
        <InfoBox title={<Trans>No dealer can receive an inquiry yet</Trans>}>
          <p>
            <Trans>
              An inquiry goes to the dealers that have confirmed your customer number. None has done so yet: add your
              dealers, or check the state of your requests, on the suppliers page.
            </Trans>
          </p>
          <Link to="/suppliers">
            <Trans>Go to your suppliers</Trans>
          </Link>
        </InfoBox>
      ) : null}
      {form.editing ? (
        <form
          ref={formRef}
          noValidate
          aria-labelledby="new-inquiry-title"
          onSubmit={(event) => {
            event.preventDefault();
            form.send();
          }}
        >
          {form.punchIn ? (
            <InfoBox title={<Trans>From your DMS: {form.punchIn.source}</Trans>}>
              <Trans>
                Your DMS filled in this inquiry. Check it, choose the dealers and send it: you then return to your DMS.
              </Trans>{' '}
              <Button variant="ghost" onClick={form.discard}>
                <Trans>Discard and start empty</Trans>
              </Button>
            </InfoBox>
          ) : null}
          {form.restored ? (
            <InfoBox>
              <Trans>Your unsent inquiry has been restored.</Trans>{' '}
              <Button variant="ghost" onClick={form.discard}>
                <Trans>Discard draft</Trans>
              </Button>
            </InfoBox>
          ) : null}
          <fieldset className={styles.fieldset}>
            <legend className={styles.legend}>
              <Trans>Vehicle</Trans>
            </legend>
            <p className={styles.muted}>
              <Trans>The VIN, HSN and TSN from the registration document, or a description — at least one.</Trans>
            </p>
            <div className={styles.grid}>
              <VinField
                value={form.vehicle.vin}
                onValueChange={(value) => form.changeVehicle('vin', value)}
                error={messageText(errors['vehicle.vin'])}
              />
              <HsnTsnFields
                hsn={form.vehicle.hsn}
                tsn={form.vehicle.tsn}
                check={form.registration}
                errors={{ hsn: messageText(errors['vehicle.hsn']), tsn: messageText(errors['vehicle.tsn']) }}
                onChange={form.changeVehicle}
              />
              <TextField
                label={<Trans>Vehicle description</Trans>}
                hint={<Trans>For example: Golf 7 1.6 TDI</Trans>}
                value={form.vehicle.description}
                onValueChange={(value) => form.changeVehicle('description', value)}
                error={messageText(errors['vehicle.description'])}
              />
            </div>
            <TextField
              label={<Trans>Your reference (job number / number plate / customer)</Trans>}
              hint={<Trans>Only for you: shown in your lists and searchable, never sent to a dealer.</Trans>}
              value={form.reference}
              autoComplete="off"
              onValueChange={form.changeReference}
              error={messageText(errors.reference)}
            />
          </fieldset>

          <fieldset className={styles.fieldset}>
            <legend className={styles.legend}>
              <Trans>Parts</Trans>
            </legend>
            {errors.lines ? (
              <p className={styles.errorText} role="alert" tabIndex={-1} data-invalid="true">
                {messageText(errors.lines)}
              </p>
            ) : null}
            {form.lines.map((line, index) => {
              const position = index + 1;
              const at = (field: string) => messageText(errors[`lines.${index}.${field}`]);
              const lineError = messageText(errors[`lines.${index}`]);
              return (
                <fieldset key={line.key} className={styles.fieldset}>
                  <legend className={styles.legend}>
                    <Trans>Line {position}</Trans>
                  </legend>
                  <div className={styles.lineRow}>
                    <TextField
                      label={<Trans>Part number</Trans>}
                      value={line.part_number}
                      onValueChange={(value) => form.changeLine(line.key, 'part_number', value)}
                      error={at('part_number') ?? lineError}
                      autoComplete="off"
                      spellCheck={false}
                    />
                    <TextField
                      label={<Trans>Description</Trans>}
                      value={line.description}
                      onValueChange={(value) => form.changeLine(line.key, 'description', value)}
                      error={at('description')}
                    />
                    <TextField
                      label={<Trans>Quantity</Trans>}
                      value={line.quantity}
                      onValueChange={(value) => form.changeLine(line.key, 'quantity', value)}
                      error={at('quantity')}
                      inputMode="numeric"
                    />
                    <TextField
                      label={<Trans>Note</Trans>}
                      value={line.note}
                      onValueChange={(value) => form.changeLine(line.key, 'note', value)}
                      error={at('note')}
                    />
                    {form.canRemoveLine ? (
                      <Button
                        variant="ghost"
                        aria-label={t`Remove line ${position}`}
                        onClick={() => form.removeLine(line.key)}
                      >
                        <Trans>Remove</Trans>
                      </Button>
                    ) : null}
                  </div>
                  {/* Learned fitment arrives while typing: read out politely, never stealing the focus. */}
                  <div aria-live="polite">
                    <FitmentHint fitment={form.fitmentOf(line.part_number)} />
                  </div>
                </fieldset>
              );
            })}
            <div className={styles.actions}>
              <Button variant="secondary" onClick={form.addLine} disabled={!form.canAddLine}>
                <Trans>Add a line</Trans>
              </Button>
              {orderUpload ? (
                <Button variant="secondary" onClick={() => setUploading(true)} disabled={form.lineCapacity === 0}>
                  <Trans>Take over from a file (CSV or PDF)</Trans>
                </Button>
              ) : null}
            </div>
          </fieldset>

          <fieldset className={styles.fieldset}>
            <legend className={styles.legend}>
              <Trans>Send to</Trans>
            </legend>
            {form.dealers.map((dealer) => (
              <Checkbox
                key={dealer.id}
                label={dealer.dealer_name}
                checked={form.recipients.includes(dealer.id)}
                onCheckedChange={() => form.toggleRecipient(dealer.id)}
              />
            ))}
            {errors.recipients ? (
              <p className={styles.errorText} role="alert" tabIndex={-1} data-invalid="true">
                {messageText(errors.recipients)}
              </p>
            ) : null}
          </fieldset>

          <Select
            label={<Trans>Closing time</Trans>}
            placeholder={t`Choose a closing time`}
            value={String(form.closesInMinutes)}
            options={closingOptions}
            onValueChange={(value) => form.changeClosing(Number(value))}
            error={messageText(errors.closing)}
          />
          <p className={styles.muted}>
            <Trans>Dealers can answer until then; you can order from the quotes received at any time.</Trans>
          </p>

          {failureText ? <InfoBox tone="error">{failureText}</InfoBox> : null}
          <div className={styles.actions}>
            <Button type="submit" busy={form.sending}>
              <Trans>Send inquiry</Trans>
            </Button>
          </div>
        </form>
      ) : null}
      {orderUpload ? (
        <OrderUploadDialog
          open={uploading}
          onOpenChange={setUploading}
          implementations={orderUpload}
          capacity={form.lineCapacity}
          onLines={form.importLines}
        />
      ) : null}
    </section>
  );
}
