import { useLingui } from '@lingui/react';
import { Plural, Trans, useLingui as useLinguiMacro } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { TRADE_PAGE_SIZE } from '../../../common/contracts/trading';
import type { ClaimListSearch } from '../../../machines/insurer-claims.machine';
import { useFormats } from '../../i18n/use-formats';
import { Button } from '../../ui/Button';
import { LoadError } from '../../ui/LoadError';
import { Pager } from '../../ui/Pager';
import * as cards from '../../ui/table-cards.css';
import { orderStatusText } from '../trade-shared/order-texts';
import * as styles from '../trade-shared/orders.css';
import { type ClaimListImplementations, useClaimList } from './use-insurer-claims';

/**
 * /claims: the claims workshops shared with the insurer's organisation (ADR 030), one row per claim
 * number however many orders were shared under it (issue 24 §7), the one shared to last first, a
 * page at a time; a page beyond the end (an old link, claims withdrawn meanwhile) offers the last one.
 */
export function ClaimListView({
  implementations,
  search,
}: {
  implementations: ClaimListImplementations;
  search: ClaimListSearch;
}) {
  const { i18n } = useLingui();
  const { t } = useLinguiMacro();
  const format = useFormats();
  const list = useClaimList(implementations, search);
  const claims = list.claims;
  const total = claims?.total ?? 0;
  return (
    <section aria-labelledby="claims-title" aria-busy={list.busy}>
      <h1 id="claims-title">
        <Trans>Shared claims</Trans>
      </h1>
      <p className={styles.muted}>
        <Trans>
          Orders that workshops tagged with your claim number and shared with you, one row per claim number. A withdrawn
          share disappears.
        </Trans>
      </p>
      <LoadError message={list.error} onRetry={list.retry} />
      {list.busy ? (
        <p role="status">
          <Trans>Loading claims…</Trans>
        </p>
      ) : null}
      {claims?.total === 0 ? (
        <p>
          <Trans>No workshop has shared a claim with you yet.</Trans>
        </p>
      ) : null}
      {claims && total > 0 && claims.items.length === 0 ? (
        <p>
          <Trans>There are no claims on page {list.page}.</Trans>{' '}
          <Button variant="ghost" onClick={() => list.goToPage(list.lastPage ?? 1)}>
            <Trans>Show the last page</Trans>
          </Button>
        </p>
      ) : null}
      {claims && claims.items.length > 0 ? (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption className="visually-hidden">
              <Trans>Shared claims</Trans>
            </caption>
            <thead>
              <tr>
                <th scope="col" className={styles.cell}>
                  <Trans>Claim number</Trans>
                </th>
                <th scope="col" className={styles.cell}>
                  <Trans>Workshop</Trans>
                </th>
                <th scope="col" className={styles.cell}>
                  <Trans>Vehicle</Trans>
                </th>
                <th scope="col" className={styles.cell}>
                  <Trans>Orders</Trans>
                </th>
                <th scope="col" className={styles.cell}>
                  <Trans>Ordered</Trans>
                </th>
                <th scope="col" className={styles.cell}>
                  <Trans>Status</Trans>
                </th>
                <th scope="col" className={styles.cell}>
                  <Trans>Largest delay</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {claims.items.map((claim) => (
                <tr key={claim.claim_number} className={claim.max_delay_days > 0 ? styles.attentionRow : undefined}>
                  <td className={styles.cell}>
                    <Link to="/claims/$claimNumber" params={{ claimNumber: claim.claim_number }}>
                      {claim.claim_number}
                    </Link>
                  </td>
                  <td className={styles.cell} data-label={t`Workshop`}>
                    {claim.workshop_names.join(', ')}
                  </td>
                  <td className={`${styles.cell} ${cards.cardWide}`} data-label={t`Vehicle`}>
                    {claim.vehicles.map((vehicle) => format.vehicle(vehicle)).join('; ')}
                  </td>
                  <td className={styles.cell} data-label={t`Orders`}>
                    {format.quantity(claim.order_count)}
                  </td>
                  <td className={styles.cell} data-label={t`Ordered`}>
                    {format.dateTime(claim.placed_at)}
                  </td>
                  <td className={`${styles.cell} ${cards.cardFirst}`}>
                    {claim.order_statuses.map((status) => i18n._(orderStatusText[status])).join(', ')}
                  </td>
                  <td className={`${styles.cell} ${cards.cardFirst}`} data-label={t`Largest delay`}>
                    <Plural value={claim.max_delay_days} one="# day" other="# days" />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {(list.knownTotal ?? 0) > 0 ? (
        <Pager
          page={list.page}
          total={claims ? total : null}
          pageSize={claims?.page_size ?? TRADE_PAGE_SIZE}
          summary={<Plural value={total} one="# claim" other="# claims" />}
          onPage={list.goToPage}
        />
      ) : null}
    </section>
  );
}
