import { Trans, useLingui } from '@lingui/react/macro';
import { Fragment, type ReactNode, useEffect, useId, useRef } from 'react';
import { ADMIN_PAGE_SIZE } from '../../../common/contracts/admin-users';
import type { ReviewPage, ReviewQueueImplementations, ReviewQueueMachine } from '../../../machines/review-queue';
import { useMessageText } from '../../i18n/use-message-text';
import { Button } from '../../ui/Button';
import { type DataColumn, DataTable } from '../../ui/DataTable';
import { LoadError } from '../../ui/LoadError';
import { Pager } from '../../ui/Pager';
import { Select } from '../../ui/Select';
import { TextField } from '../../ui/TextField';
import * as styles from './admin.css';
import { DecisionDialog } from './DecisionDialog';
import { useReviewQueue } from './use-review-queue';

export type ReviewColumn<TItem> = DataColumn<TItem>;

/** One decision of a list: its button (also the dialog's confirm button) and its confirmation. */
export type DecisionCopy = {
  label: ReactNode;
  /** The milder-looking button, for decisions that take something away (reject, deactivate). */
  secondary?: boolean;
  title: ReactNode;
  description: (pendingName: string) => ReactNode;
  /** The dialog asks for a reason that is sent to the requester. */
  asksReason?: boolean;
  /** The reason field's label and rules, when they differ from an optional note to the requester. */
  reason?: { label: string; required: boolean; maxLength: number };
  /** The dialog offers an optional pick from the page's choices (shown only when there are some). */
  asksChoice?: { label: string; placeholder: string };
};

/**
 * An admin list: filters, a table of declared columns with a row's decisions as buttons, the
 * pager and the confirmation dialog. The three lists under /users differ only in what they declare.
 */
export function ReviewTable<TItem extends { id: number }, TStatus extends string, TDecision extends string>({
  machine,
  implementations,
  title,
  caption,
  searchLabel,
  statusOptions,
  columns,
  emptyMessage,
  summary,
  decisionsFor,
  decisions,
  itemName,
}: {
  machine: ReviewQueueMachine<TItem, TStatus, TDecision>;
  implementations: ReviewQueueImplementations<TItem, TStatus, TDecision>;
  title: ReactNode;
  caption: ReactNode;
  /** Shows the search box (the machine must have been made with a search). */
  searchLabel?: string;
  statusOptions: readonly { value: TStatus; label: string }[];
  columns: readonly ReviewColumn<TItem>[];
  emptyMessage: ReactNode;
  summary: (page: ReviewPage<TItem>) => ReactNode;
  decisionsFor: (item: TItem) => readonly TDecision[];
  decisions: Record<TDecision, DecisionCopy>;
  /** How the dialog names the item the decision is about. */
  itemName: (item: TItem) => string;
}) {
  const { t } = useLingui();
  const titleId = useId();
  const queue = useReviewQueue(machine, implementations);
  const messageText = useMessageText();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // After a decision the dialog hands focus back to the row's button; when the reloaded list no
  // longer has that row, focus would fall to the page, so it goes to the list's heading instead.
  const decided = useRef(false);
  useEffect(() => {
    if (queue.deciding) decided.current = true;
  }, [queue.deciding]);
  useEffect(() => {
    if (queue.loading || !decided.current) return;
    decided.current = false;
    if (!document.activeElement || document.activeElement === document.body) headingRef.current?.focus();
  }, [queue.loading]);
  const pending = queue.pending;
  const pendingCopy = pending ? decisions[pending.decision] : null;
  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId} ref={headingRef} tabIndex={-1}>
        {title}
      </h2>
      <div className={styles.filters}>
        {searchLabel ? (
          <TextField
            label={searchLabel}
            type="search"
            name="search"
            value={queue.query.search}
            onValueChange={queue.search}
          />
        ) : null}
        <Select
          label={t`Status`}
          value={queue.query.status}
          onValueChange={(value) => queue.filter(statusOptions.find((option) => option.value === value)?.value ?? '')}
          placeholder={t`All`}
          options={statusOptions}
        />
      </div>
      <LoadError message={queue.error} onRetry={queue.retry} />
      <DataTable
        caption={caption}
        busy={queue.loading}
        items={queue.page?.items}
        empty={emptyMessage}
        columns={[
          ...columns,
          {
            header: <Trans>Action</Trans>,
            first: true,
            cell: (item: TItem) =>
              decisionsFor(item).map((decision, index) => (
                <Fragment key={decision}>
                  {index > 0 ? ' ' : null}
                  <Button
                    variant={decisions[decision].secondary ? 'secondary' : 'primary'}
                    disabled={!queue.canDecide}
                    onClick={() => queue.request(item, decision)}
                  >
                    {decisions[decision].label}
                  </Button>
                </Fragment>
              )),
          },
        ]}
      />
      <Pager
        page={queue.query.page}
        total={queue.page?.total ?? null}
        pageSize={queue.page?.page_size ?? ADMIN_PAGE_SIZE}
        summary={queue.page ? summary(queue.page) : null}
        onPage={queue.goToPage}
      />
      <DecisionDialog
        open={queue.dialogOpen}
        busy={queue.deciding}
        title={pendingCopy?.title}
        description={pending ? pendingCopy?.description(itemName(pending.item)) : null}
        confirmLabel={pendingCopy?.label}
        reason={pending && pendingCopy?.asksReason ? pending.reason : null}
        reasonLabel={pendingCopy?.reason?.label}
        reasonRequired={pendingCopy?.reason?.required}
        reasonMaxLength={pendingCopy?.reason?.maxLength}
        reasonError={messageText(queue.reasonProblem)}
        onReasonChange={queue.changeReason}
        choice={
          pending && pendingCopy?.asksChoice && queue.page?.choices?.length
            ? { ...pendingCopy.asksChoice, value: pending.choice ?? '', options: queue.page.choices }
            : null
        }
        onChoiceChange={queue.changeChoice}
        onCancel={queue.cancel}
        onConfirm={queue.confirm}
      />
    </section>
  );
}
