import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import type { DealerLead } from '../../../common/contracts/dealer';
import {
  adminDealersMachine,
  type DealerDecision,
  type DealerStatusFilter,
  type ReviewPage,
} from '../../../machines/admin-leads.machine';
import type { PartDealerApi } from '../../api/part-dealer-api';
import { inspectionOptions } from '../../app/inspection';
import { Button } from '../../ui/Button';
import { Select } from '../../ui/Select';
import * as styles from '../admin/admin.css';
import { DecisionDialog } from '../admin/DecisionDialog';
import { ListError } from '../admin/ListError';
import { Pager } from '../admin/Pager';
import { notify } from '../notifications/notify';

function useDealerQueue(partDealerApi: PartDealerApi) {
  const [machine] = useState(() =>
    adminDealersMachine.provide({
      actors: {
        listLeads: fromPromise<ReviewPage<DealerLead>, { page: number; status: DealerStatusFilter }>(({ input }) =>
          partDealerApi.listDealerLeads(input),
        ),
        decideLead: fromPromise<{ message: string | undefined }, DealerDecision>(({ input }) =>
          partDealerApi.decideDealerLead(input.lead.id, input.decision, input.reason),
        ),
      },
      actions: {
        notifySuccess: (_, { message }) => notify.success(message),
        notifyFailure: (_, { message }) => notify.failure(message),
      },
    }),
  );
  const queue = useActorRef(machine, inspectionOptions());
  return {
    query: useSelector(queue, (snapshot) => snapshot.context.query),
    page: useSelector(queue, (snapshot) => snapshot.context.page),
    pending: useSelector(queue, (snapshot) => snapshot.context.pending),
    error: useSelector(queue, (snapshot) => snapshot.context.error),
    retry: () => queue.send({ type: 'list.retry' }),
    loading: useSelector(queue, (snapshot) => snapshot.hasTag('busy')),
    dialogOpen: useSelector(queue, (snapshot) => snapshot.hasTag('dialogOpen')),
    deciding: useSelector(queue, (snapshot) => snapshot.matches('deciding')),
    canDecide: useSelector(queue, (snapshot) => snapshot.matches('ready')),
    filter: (status: DealerStatusFilter) => queue.send({ type: 'filter.change', status }),
    goToPage: (page: number) => queue.send({ type: 'page.change', page }),
    request: (lead: DealerLead, decision: 'verify' | 'reject') =>
      queue.send({ type: 'decision.request', lead, decision }),
    changeReason: (value: string) => queue.send({ type: 'reason.change', value }),
    cancel: () => queue.send({ type: 'decision.cancel' }),
    confirm: () => queue.send({ type: 'decision.confirm' }),
  };
}

/** /users/dealers: part-dealer registrations, verified or rejected by a system administrator. */
export function DealerLeadsView({ partDealerApi }: { partDealerApi: PartDealerApi }) {
  const { t, i18n } = useLingui();
  const queue = useDealerQueue(partDealerApi);
  const statusLabels: Record<DealerLead['status'], string> = {
    UNVERIFIED: t`Unverified`,
    VERIFIED: t`Verified`,
    REJECTED: t`Rejected`,
  };
  const pending = queue.pending;
  const pendingName = pending?.lead.company_name ?? '';
  return (
    <section aria-labelledby="dealers-title">
      <h2 id="dealers-title">
        <Trans>Dealer registrations</Trans>
      </h2>
      <div className={styles.filters}>
        <Select
          label={t`Status`}
          value={queue.query.status}
          onValueChange={(value) => queue.filter(value as DealerStatusFilter)}
          placeholder={t`All`}
          options={Object.entries(statusLabels).map(([value, label]) => ({ value, label }))}
        />
      </div>
      <ListError message={queue.error} onRetry={queue.retry} />
      <div className={styles.tableWrap} aria-busy={queue.loading}>
        <table className={styles.table}>
          <caption className="visually-hidden">
            <Trans>Dealer registrations</Trans>
          </caption>
          <thead>
            <tr>
              <th className={styles.cell} scope="col">
                <Trans>Company</Trans>
              </th>
              <th className={styles.cell} scope="col">
                <Trans>Contact</Trans>
              </th>
              <th className={styles.cell} scope="col">
                <Trans>City</Trans>
              </th>
              <th className={styles.cell} scope="col">
                <Trans>Brands</Trans>
              </th>
              <th className={styles.cell} scope="col">
                <Trans>Received</Trans>
              </th>
              <th className={styles.cell} scope="col">
                <Trans>Status</Trans>
              </th>
              <th className={styles.cell} scope="col">
                <Trans>Action</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {queue.page && queue.page.items.length === 0 ? (
              <tr>
                <td className={styles.cell} colSpan={7}>
                  <Trans>No registrations with this status.</Trans>
                </td>
              </tr>
            ) : null}
            {queue.page?.items.map((lead) => (
              <tr key={lead.id}>
                <td className={styles.cell}>{lead.company_name}</td>
                <td className={styles.cell}>
                  {lead.first_name} {lead.last_name}
                  <br />
                  {lead.email}
                </td>
                <td className={styles.cell}>
                  {lead.city}, {lead.country}
                </td>
                <td className={styles.cell}>{lead.brands_served.join(', ')}</td>
                <td className={styles.cell}>{i18n.date(lead.created_at, { dateStyle: 'medium' })}</td>
                <td className={styles.cell}>{statusLabels[lead.status]}</td>
                <td className={styles.cell}>
                  {lead.status === 'UNVERIFIED' ? (
                    <>
                      <Button disabled={!queue.canDecide} onClick={() => queue.request(lead, 'verify')}>
                        <Trans>Verify</Trans>
                      </Button>{' '}
                      <Button
                        variant="secondary"
                        disabled={!queue.canDecide}
                        onClick={() => queue.request(lead, 'reject')}
                      >
                        <Trans>Reject</Trans>
                      </Button>
                    </>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager
        page={queue.query.page}
        total={queue.page?.total ?? null}
        pageSize={queue.page?.page_size ?? 20}
        summary={<Trans>{queue.page?.total} registrations</Trans>}
        onPage={queue.goToPage}
      />
      <DecisionDialog
        open={queue.dialogOpen}
        busy={queue.deciding}
        title={pending?.decision === 'verify' ? <Trans>Verify dealer?</Trans> : <Trans>Reject dealer?</Trans>}
        description={<Trans>{pendingName} is told by e-mail.</Trans>}
        confirmLabel={pending?.decision === 'verify' ? <Trans>Verify</Trans> : <Trans>Reject</Trans>}
        reason={pending?.decision === 'reject' ? pending.reason : null}
        onReasonChange={queue.changeReason}
        onCancel={queue.cancel}
        onConfirm={queue.confirm}
      />
    </section>
  );
}
