import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useEffect } from 'react';
import {
  AVAILABILITY_CLASSES,
  type DealerInquiry,
  LINE_TEXT_MAX_LENGTH,
  PART_NUMBER_MAX_LENGTH,
  REASON_MAX_LENGTH,
} from '../../../common/contracts/trading';
import { formatLineTitle } from '../../../common/format/formats';
import type { AnswerDraft, LineAnswerValues } from '../../../machines/dealer-answer-form';
import { lineErrorKey } from '../../../machines/dealer-answer-form';
import { inquiryStanding } from '../../../machines/dealer-inquiry.machine';
import { useFormats } from '../../i18n/use-formats';
import { useMessageText } from '../../i18n/use-message-text';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Checkbox } from '../../ui/Checkbox';
import { Dialog } from '../../ui/Dialog';
import { Form } from '../../ui/Form';
import { InfoBox } from '../../ui/InfoBox';
import { LoadError } from '../../ui/LoadError';
import { Select } from '../../ui/Select';
import { TextField } from '../../ui/TextField';
import { TextAreaField } from '../dealer-fields/DealerFields';
import { FitmentHint } from '../trade-shared/FitmentHint';
import { VinDecoded } from '../vehicle/VinDecoded';
import { AnswerTable, useAvailabilityLabels } from './AnswerTable';
import * as styles from './dealer-inquiries.css';
import { useNow } from './trade-time';
import { type DealerInquiryImplementations, useDealerInquiry } from './use-dealer-inquiry';

/** The element id of a form field by its error key, so the first invalid one can be focused. */
const fieldId = (key: string) => `answer-${key.replace(/\./g, '-')}`;

type Inquiry = ReturnType<typeof useDealerInquiry>;

/**
 * /dealer/inquiries/$inquiryId (issue 13): one inquiry of a customer, the dealer's answer form
 * while the inquiry takes answers, and how it stands otherwise.
 */
export function DealerInquiryView({
  implementations,
  inquiryId,
  today,
  draft,
}: {
  implementations: DealerInquiryImplementations;
  inquiryId: number;
  today: string;
  draft: AnswerDraft | null;
}) {
  const { t } = useLingui();
  const inquiry = useDealerInquiry(implementations, { inquiryId, today, draft });
  const { focus } = inquiry;

  useEffect(() => {
    if (focus) document.getElementById(fieldId(focus.key))?.focus();
  }, [focus]);

  const loaded = inquiry.inquiry;
  return (
    <section aria-labelledby="inquiry-title" aria-busy={inquiry.loading} className={styles.page}>
      <p>
        <Link to="/dealer/inquiries" search={{ status: 'open', page: 1 }}>
          <Trans>Back to the inquiries</Trans>
        </Link>
      </p>
      <h1 id="inquiry-title">{loaded ? <Trans>Inquiry from {loaded.workshop_name}</Trans> : <Trans>Inquiry</Trans>}</h1>
      {inquiry.loading ? (
        <p role="status">
          <Trans>Loading the inquiry…</Trans>
        </p>
      ) : null}
      <LoadError message={inquiry.loadError} onRetry={inquiry.retry} />
      {loaded && !inquiry.loading ? (
        <>
          <ChangeNotice inquiry={inquiry} />
          <Standing inquiry={loaded} />
          <InquiryFacts inquiry={loaded} />
          {inquiry.answerable ? (
            <AnswerForm inquiry={inquiry} loaded={loaded} />
          ) : loaded.recipient.quote_lines.length > 0 ? (
            <Card aria-labelledby="answer-title">
              <h2 id="answer-title">
                <Trans>Your answer</Trans>
              </h2>
              <AnswerTable inquiry={loaded} caption={t`Your quote per line`} />
            </Card>
          ) : (
            <RequestedLines inquiry={loaded} />
          )}
          <ConflictDialog inquiry={inquiry} />
          <DeclineDialog inquiry={inquiry} />
        </>
      ) : null}
    </section>
  );
}

function ChangeNotice({ inquiry }: { inquiry: Inquiry }) {
  if (!inquiry.notice) return null;
  return (
    <div role="status">
      <InfoBox title={<Trans>This inquiry has changed</Trans>}>
        {inquiry.notice === 'updated' ? (
          <Trans>The page shows the current state.</Trans>
        ) : (
          <Trans>
            It changed while you were entering your answer. Your entries are kept; if a colleague answered meanwhile,
            you will see their answer before yours replaces it.
          </Trans>
        )}{' '}
        <Button variant="ghost" onClick={inquiry.dismissNotice}>
          <Trans>OK</Trans>
        </Button>
      </InfoBox>
    </div>
  );
}

/** How the inquiry stands for this dealer, in words (never by colour alone). */
function Standing({ inquiry }: { inquiry: DealerInquiry }) {
  const format = useFormats();
  const now = useNow();
  const closes = format.dateTime(inquiry.closes_at);
  const closesIn = format.relativeTime(inquiry.closes_at, now);
  const answeredAt = inquiry.recipient.answered_at ? format.dateTime(inquiry.recipient.answered_at) : '';
  const reason = inquiry.recipient.decline_reason ?? '';
  const texts: Record<ReturnType<typeof inquiryStanding>, ReactNode> = {
    open: (
      <Trans>
        Open for answers until {closes} ({closesIn}).
      </Trans>
    ),
    answered: (
      <Trans>
        You answered on {answeredAt}. You can revise your quote until {closes} ({closesIn}).
      </Trans>
    ),
    declined: <Trans>You declined this inquiry. Reason: {reason}</Trans>,
    expired: <Trans>The inquiry closed on {closes} before you answered.</Trans>,
    closed: <Trans>The inquiry closed on {closes} and takes no more answers.</Trans>,
    orderedFromYou: <Trans>The workshop ordered from you.</Trans>,
    orderedElsewhere: <Trans>The workshop ordered from other quotes; this inquiry is finished.</Trans>,
    cancelled: <Trans>The workshop withdrew this inquiry.</Trans>,
  };
  const standing = inquiryStanding(inquiry);
  return (
    <InfoBox title={<Trans>Status</Trans>}>
      <p>{texts[standing]}</p>
      {inquiry.order_id !== null ? (
        <Link to="/dealer/orders/$orderId" params={{ orderId: String(inquiry.order_id) }}>
          <Trans>Open the order</Trans>
        </Link>
      ) : null}
    </InfoBox>
  );
}

function InquiryFacts({ inquiry }: { inquiry: DealerInquiry }) {
  const format = useFormats();
  return (
    <Card aria-labelledby="facts-title">
      <h2 id="facts-title">
        <Trans>Request</Trans>
      </h2>
      <dl className={styles.facts}>
        <dt>
          <Trans>Workshop</Trans>
        </dt>
        <dd>{inquiry.workshop_name}</dd>
        <dt>
          <Trans>Customer number</Trans>
        </dt>
        <dd>{inquiry.customer_number}</dd>
        <dt>
          <Trans>Vehicle</Trans>
        </dt>
        <dd>
          {format.vehicle(inquiry.vehicle)}
          <VinDecoded vin={inquiry.vehicle.vin} />
        </dd>
        <dt>
          <Trans>Sent</Trans>
        </dt>
        <dd>{format.dateTime(inquiry.created_at)}</dd>
        <dt>
          <Trans>Closes</Trans>
        </dt>
        <dd>
          <time dateTime={inquiry.closes_at}>{format.dateTime(inquiry.closes_at)}</time>
        </dd>
      </dl>
    </Card>
  );
}

function RequestedLines({ inquiry }: { inquiry: DealerInquiry }) {
  return (
    <Card aria-labelledby="lines-title">
      <h2 id="lines-title">
        <Trans>Requested parts</Trans>
      </h2>
      <table className={styles.table}>
        <caption className="visually-hidden">
          <Trans>Requested parts</Trans>
        </caption>
        <thead>
          <tr>
            <th scope="col" className={styles.cell}>
              <Trans>Position</Trans>
            </th>
            <th scope="col" className={styles.cell}>
              <Trans>Part number</Trans>
            </th>
            <th scope="col" className={styles.cell}>
              <Trans>Description</Trans>
            </th>
            <th scope="col" className={styles.cell}>
              <Trans>Quantity</Trans>
            </th>
            <th scope="col" className={styles.cell}>
              <Trans>Note</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {inquiry.lines.map((line) => (
            <tr key={line.id}>
              <td className={styles.cell}>{line.position}</td>
              <td className={styles.cell}>
                {line.part_number || '–'}
                <FitmentHint fitment={line.fitment} />
              </td>
              <td className={styles.cell}>{line.description || '–'}</td>
              <td className={styles.cell}>{line.quantity}</td>
              <td className={styles.cell}>{line.note || '–'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}

function AnswerForm({ inquiry, loaded }: { inquiry: Inquiry; loaded: DealerInquiry }) {
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

function ConflictDialog({ inquiry }: { inquiry: Inquiry }) {
  const { t } = useLingui();
  const theirs = inquiry.conflict;
  return (
    <Dialog
      open={theirs !== null}
      onOpenChange={() => {}}
      title={<Trans>A colleague answered meanwhile</Trans>}
      description={
        <Trans>
          Someone else at your company saved an answer to this inquiry after you opened it. Take their answer, or send
          yours to replace it.
        </Trans>
      }
      actions={
        <>
          <Button variant="secondary" onClick={inquiry.takeTheirs}>
            <Trans>Take the colleague’s answer</Trans>
          </Button>
          {inquiry.canSendMine ? (
            <Button onClick={inquiry.sendMine}>
              <Trans>Send mine anyway</Trans>
            </Button>
          ) : null}
        </>
      }
    >
      {theirs ? (
        theirs.recipient.status === 'declined' ? (
          <p>
            <Trans>Your colleague declined the inquiry. Reason: {theirs.recipient.decline_reason}</Trans>
          </p>
        ) : (
          <AnswerTable inquiry={theirs} caption={t`The colleague’s answer`} />
        )
      ) : null}
    </Dialog>
  );
}

function DeclineDialog({ inquiry }: { inquiry: Inquiry }) {
  const { t } = useLingui();
  return (
    <Dialog
      open={inquiry.declineOpen}
      onOpenChange={(open) => {
        if (!open && !inquiry.declining) inquiry.cancelDecline();
      }}
      title={<Trans>Decline this inquiry?</Trans>}
      description={<Trans>The workshop reads your reason. You cannot quote on this inquiry afterwards.</Trans>}
      actions={
        <>
          <Button variant="secondary" onClick={inquiry.cancelDecline} disabled={inquiry.declining}>
            <Trans>Cancel</Trans>
          </Button>
          <Button onClick={inquiry.confirmDecline} busy={inquiry.declining} busyLabel={t`Declining…`}>
            <Trans>Decline inquiry</Trans>
          </Button>
        </>
      }
    >
      <TextAreaField
        id="decline-inquiry-reason"
        className={styles.textarea}
        label={t`Reason`}
        value={inquiry.decline.reason}
        maxLength={REASON_MAX_LENGTH}
        onValueChange={inquiry.changeDeclineReason}
        error={inquiry.decline.error}
      />
      {inquiry.decline.failure ? <p role="alert">{inquiry.decline.failure}</p> : null}
    </Dialog>
  );
}
