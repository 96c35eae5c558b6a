import { Trans, useLingui } from '@lingui/react/macro';
import { REASON_MAX_LENGTH } from '../../../common/contracts/trading';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { TextAreaField } from '../dealer-fields/DealerFields';
import { AnswerTable } from './AnswerTable';
import * as styles from './dealer-inquiries.css';
import type { DealerInquiryFacade as Inquiry } from './use-dealer-inquiry';

export function ConflictDialog({ inquiry }: { inquiry: Inquiry }) {
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

export function DeclineDialog({ inquiry }: { inquiry: Inquiry }) {
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
