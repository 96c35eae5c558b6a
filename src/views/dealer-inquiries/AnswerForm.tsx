import { Trans, useLingui } from '@lingui/react/macro';
import {
  AVAILABILITY_CLASSES,
  type DealerInquiry,
  LINE_TEXT_MAX_LENGTH,
  PART_NUMBER_MAX_LENGTH,
  REASON_MAX_LENGTH,
} from '../../../common/contracts/trading';
import { formatLineTitle } from '../../../common/format/formats';
import type { LineAnswerValues } from '../../../machines/dealer-answer-form';
import { lineErrorKey } from '../../../machines/dealer-answer-form';
import { useMessageText } from '../../i18n/use-message-text';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Checkbox } from '../../ui/Checkbox';
import { Form } from '../../ui/Form';
import { Select } from '../../ui/Select';
import { TextField } from '../../ui/TextField';
import { TextAreaField } from '../dealer-fields/DealerFields';
import { useAvailabilityLabels } from './AnswerTable';
import * as styles from './dealer-inquiries.css';
import type { DealerInquiryFacade as Inquiry } from './use-dealer-inquiry';

/** The element id of a form field by its error key, so the first invalid one can be focused. */
export const fieldId = (key: string) => `answer-${key.replace(/\./g, '-')}`;

/** The dealer's quote: per line an offer or a decline with a reason, then the terms. */
export function AnswerForm({ inquiry, loaded }: { inquiry: Inquiry; loaded: DealerInquiry }) {
  const { t } = useLingui();
  const messageText = useMessageText();
  const { values, errors } = inquiry;
  const answered = loaded.recipient.status === 'answered';
  return (
    <Form onValid={inquiry.send} aria-labelledby="answer-form-title">
      <Card aria-labelledby="answer-form-title">
        <h2 id="answer-form-title">{answered ? <Trans>Revise your quote</Trans> : <Trans>Your quote</Trans>}</h2>
        <p className={styles.muted}>
          <Trans>Prices are net per unit in euros. Offer each line or decline it with a reason.</Trans>
        </p>
        {loaded.lines.map((line) => {
          const lineValues = values.lines.find((entry) => entry.inquiry_line_id === line.id);
          return lineValues ? (
            <LineFields
              key={line.id}
              inquiry={inquiry}
              values={lineValues}
              heading={formatLineTitle(line)}
              position={line.position}
              quantity={line.quantity}
              note={line.note}
            />
          ) : null;
        })}
        <div className={styles.grid}>
          <TextField
            id={fieldId('valid_until')}
            type="date"
            label={t`Valid until`}
            value={values.valid_until}
            onValueChange={(value) => inquiry.changeQuote('valid_until', value)}
            error={messageText(errors.valid_until)}
          />
          <TextField
            id={fieldId('freight')}
            inputMode="decimal"
            autoComplete="off"
            label={t`Freight (€, optional)`}
            value={values.freight}
            onValueChange={(value) => inquiry.changeQuote('freight', value)}
            error={messageText(errors.freight)}
          />
          <TextField
            id={fieldId('free_freight_from')}
            inputMode="decimal"
            autoComplete="off"
            label={t`Free freight from order value (€, optional)`}
            value={values.free_freight_from}
            onValueChange={(value) => inquiry.changeQuote('free_freight_from', value)}
            error={messageText(errors.free_freight_from)}
          />
        </div>
      </Card>
      <div className={styles.actions}>
        <Button type="submit" disabled={!inquiry.canSend} busy={inquiry.sending} busyLabel={t`Sending…`}>
          {answered ? <Trans>Send revised quote</Trans> : <Trans>Send quote</Trans>}
        </Button>
        {inquiry.canReset ? (
          <Button variant="secondary" onClick={inquiry.reset}>
            <Trans>Discard my entries</Trans>
          </Button>
        ) : null}
        {inquiry.declinable ? (
          <Button variant="secondary" onClick={inquiry.openDecline} disabled={!inquiry.canOpenDecline}>
            <Trans>Decline inquiry</Trans>
          </Button>
        ) : null}
      </div>
    </Form>
  );
}

function LineFields({
  inquiry,
  values,
  heading,
  position,
  quantity,
  note,
}: {
  inquiry: Inquiry;
  values: LineAnswerValues;
  heading: string;
  position: number;
  quantity: number;
  note: string;
}) {
  const { t } = useLingui();
  const messageText = useMessageText();
  const availability = useAvailabilityLabels();
  const lineId = values.inquiry_line_id;
  const key = (field: Parameters<typeof lineErrorKey>[1]) => lineErrorKey(lineId, field);
  const error = (field: Parameters<typeof lineErrorKey>[1]) => inquiry.errors[key(field)];
  const text = (field: Parameters<typeof lineErrorKey>[1]) => ({
    id: fieldId(key(field)),
    value: values[field],
    onValueChange: (value: string) => inquiry.changeLine(lineId, field, value),
    error: messageText(error(field)),
  });
  return (
    <fieldset className={styles.line}>
      <legend className={styles.lineHeading}>
        <Trans>
          Line {position}: {heading}, quantity {quantity}
        </Trans>
      </legend>
      {note ? (
        <p className={styles.muted}>
          <Trans>Workshop’s note: {note}</Trans>
        </p>
      ) : null}
      <fieldset className={styles.radios}>
        <legend className="visually-hidden">
          <Trans>Offer or decline line {position}</Trans>
        </legend>
        <label>
          <input
            type="radio"
            name={`line-${lineId}-mode`}
            checked={values.offered}
            onChange={() => inquiry.toggleLine(lineId, 'offered', true)}
          />{' '}
          <Trans>Offer</Trans>
        </label>
        <label>
          <input
            type="radio"
            name={`line-${lineId}-mode`}
            checked={!values.offered}
            onChange={() => inquiry.toggleLine(lineId, 'offered', false)}
          />{' '}
          <Trans>Decline this line</Trans>
        </label>
      </fieldset>
      {values.offered ? (
        <>
          <div className={styles.grid}>
            <TextField
              {...text('net_price')}
              inputMode="decimal"
              autoComplete="off"
              label={t`Net price per unit (€), line ${position}`}
            />
            <TextField
              {...text('deposit')}
              inputMode="decimal"
              autoComplete="off"
              label={t`Deposit (Altteilpfand) per unit (€, optional), line ${position}`}
            />
            <Select
              id={fieldId(key('availability'))}
              label={t`Availability, line ${position}`}
              value={values.availability}
              onValueChange={(value) => inquiry.changeLine(lineId, 'availability', value)}
              placeholder={t`Please choose`}
              options={AVAILABILITY_CLASSES.map((value) => ({ value, label: availability[value] }))}
              error={messageText(error('availability'))}
            />
            {values.availability === 'ordered_eta' ? (
              <TextField {...text('eta')} type="date" label={t`Expected delivery date, line ${position}`} />
            ) : null}
            <TextField
              {...text('alternative_part_number')}
              maxLength={PART_NUMBER_MAX_LENGTH}
              label={t`Alternative part number (optional), line ${position}`}
            />
            <TextField {...text('alternative_brand')} maxLength={60} label={t`Brand (optional), line ${position}`} />
          </div>
          <Checkbox
            label={t`Fits this vehicle, line ${position}`}
            checked={values.fits_vehicle}
            onCheckedChange={(checked) => inquiry.toggleLine(lineId, 'fits_vehicle', checked)}
          />
          <TextField {...text('note')} maxLength={LINE_TEXT_MAX_LENGTH} label={t`Note (optional), line ${position}`} />
        </>
      ) : (
        <TextAreaField
          id={fieldId(key('decline_reason'))}
          className={styles.textarea}
          label={t`Reason for declining line ${position}`}
          value={values.decline_reason}
          maxLength={REASON_MAX_LENGTH}
          onValueChange={(value) => inquiry.changeLine(lineId, 'decline_reason', value)}
          error={error('decline_reason')}
        />
      )}
    </fieldset>
  );
}
