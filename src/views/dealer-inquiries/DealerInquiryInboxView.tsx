import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { DealerInboxItem, RecipientStatus, VehicleView } from '../../../common/contracts/trading';
import { TRADE_PAGE_SIZE } from '../../../common/contracts/trading';
import { INBOX_FILTERS, type InboxFilter, type InboxQuery } from '../../../machines/dealer-inquiry-inbox.machine';
import { useFormats } from '../../i18n/use-formats';
import { DataTable } from '../../ui/DataTable';
import { LoadError } from '../../ui/LoadError';
import { Pager } from '../../ui/Pager';
import { Select } from '../../ui/Select';
import { ListSearchField, NoSearchMatches } from '../trade-shared/ListSearch';
import * as styles from './dealer-inquiries.css';
import { useNow } from './trade-time';
import { type DealerInquiryInboxImplementations, useDealerInquiryInbox } from './use-dealer-inquiry-inbox';
import { useRecipientStatusLabels } from './vehicle-text';

/**
 * /dealer/inquiries (issue 13): the inquiries this dealer's customers sent it, open ones first by
 * default; an inquiry nobody here has opened yet is marked "New" in words, not by colour alone.
 */
export function DealerInquiryInboxView({
  implementations,
  query,
}: {
  implementations: DealerInquiryInboxImplementations;
  query: InboxQuery;
}) {
  const { t, i18n } = useLingui();
  const format = useFormats();
  const inbox = useDealerInquiryInbox(implementations, query);
  const now = useNow();
  const statusLabels = useRecipientStatusLabels();
  const filterLabels: Record<InboxFilter, string> = {
    open: t({ message: 'Open', context: 'inquiry status' }),
    answered: t`Answered`,
    declined: t`Declined`,
    expired: t`Expired`,
    all: t`All`,
  };
  const vehicle = (value: VehicleView) => format.vehicle(value);
  return (
    <section aria-labelledby="inbox-title" className={styles.page}>
      <h1 id="inbox-title">
        <Trans>Inquiries</Trans>
      </h1>
      <p>
        <Trans>Inquiries from your customers. Answer with a quote per line before the closing time.</Trans>
      </p>
      <div className={styles.filters}>
        <Select
          label={t`Show`}
          value={inbox.query.status === 'all' ? '' : inbox.query.status}
          onValueChange={(value) => inbox.filter('status', value === '' ? 'all' : value)}
          placeholder={filterLabels.all}
          options={INBOX_FILTERS.filter((filter) => filter !== 'all').map((filter) => ({
            value: filter,
            label: filterLabels[filter],
          }))}
        />
        {/* The server also searches the workshop's name and this dealer's own quoted alternatives (ADR 028). */}
        <ListSearchField
          label={<Trans>Part number, description, vehicle or workshop</Trans>}
          hint={<Trans>Finds a part number in any spelling, also among the alternatives you quoted.</Trans>}
          value={inbox.query.q}
          onSearch={(q) => inbox.filter('q', q)}
        />
      </div>
      {inbox.busy ? (
        <p role="status">
          <Trans>Loading inquiries…</Trans>
        </p>
      ) : null}
      <LoadError message={inbox.error} onRetry={inbox.retry} />
      <DataTable
        caption={<Trans>Inquiries from your customers</Trans>}
        busy={inbox.busy}
        items={inbox.page?.items}
        empty={
          inbox.noMatches ? (
            <NoSearchMatches search={inbox.query.q} onClear={inbox.clearSearch} />
          ) : (
            <Trans>No inquiries with this status.</Trans>
          )
        }
        columns={[
          {
            header: <Trans>Workshop</Trans>,
            cell: (item: DealerInboxItem) => (
              <>
                <Link to="/dealer/inquiries/$inquiryId" params={{ inquiryId: String(item.id) }}>
                  {item.workshop_name}
                </Link>
                {item.status === 'sent' ? (
                  <>
                    {' '}
                    <strong className={styles.newBadge}>
                      <Trans>New</Trans>
                    </strong>
                  </>
                ) : null}
              </>
            ),
          },
          {
            header: <Trans>Customer number</Trans>,
            label: t`Customer number`,
            cell: (item: DealerInboxItem) => item.customer_number,
          },
          { header: <Trans>Vehicle</Trans>, cell: (item: DealerInboxItem) => vehicle(item.vehicle) },
          {
            header: <Trans>Lines</Trans>,
            label: t`Lines`,
            cell: (item: DealerInboxItem) => i18n.number(item.line_count),
          },
          {
            header: <Trans>Closes</Trans>,
            label: t`Closes`,
            first: true,
            cell: (item: DealerInboxItem) => (
              <>
                {format.relativeTime(item.closes_at, now)}
                <br />
                <time dateTime={item.closes_at} className={styles.muted}>
                  {format.dateTime(item.closes_at)}
                </time>
              </>
            ),
          },
          {
            header: <Trans>Status</Trans>,
            first: true,
            cell: (item: DealerInboxItem) => statusLabels[item.status as RecipientStatus],
          },
        ]}
      />
      <Pager
        page={inbox.query.page}
        total={inbox.page?.total ?? null}
        pageSize={inbox.page?.page_size ?? TRADE_PAGE_SIZE}
        summary={inbox.page ? <Plural value={inbox.page.total} one="# inquiry" other="# inquiries" /> : null}
        onPage={inbox.goToPage}
      />
    </section>
  );
}
