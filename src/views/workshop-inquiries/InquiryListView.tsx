import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import {
  INQUIRY_LIST_FILTERS,
  type InquiryListFilter,
  type InquiryListQuery,
} from '../../../machines/inquiry-list.machine';
import { LoadError } from '../../ui/LoadError';
import { Select } from '../../ui/Select';
import { Pager } from '../admin/Pager';
import * as styles from './inquiries.css';
import { inquiryStatusText, useTradeFormat, vehicleLine } from './trade-text';
import { type InquiryListImplementations, useInquiryList } from './use-inquiry-list';

/** /inquiries (issue 13): the workshop's inquiries, filtered and paged by the address. */
export function InquiryListView({
  implementations,
  query,
  onQueryChange,
}: {
  implementations: InquiryListImplementations;
  query: InquiryListQuery;
  onQueryChange: (query: InquiryListQuery) => void;
}) {
  const { t } = useLingui();
  const format = useTradeFormat();
  const list = useInquiryList(implementations, query);
  const filterLabel = (filter: InquiryListFilter) =>
    filter === ''
      ? t`All inquiries`
      : filter === 'open'
        ? t({ message: 'Open', context: 'inquiry status' })
        : format.text(inquiryStatusText[filter]);
  const { result } = list;
  const total = result?.total ?? 0;

  return (
    <section aria-labelledby="inquiries-title" aria-busy={list.loading}>
      <h1 id="inquiries-title">
        <Trans>Inquiries</Trans>
      </h1>
      <div className={styles.toolbar}>
        <Link to="/inquiries/new" className={styles.primaryLink}>
          <Trans>New inquiry</Trans>
        </Link>
        <Select
          label={<Trans>Status</Trans>}
          value={query.status}
          placeholder={filterLabel('')}
          options={INQUIRY_LIST_FILTERS.filter((filter) => filter !== '').map((filter) => ({
            value: filter,
            label: filterLabel(filter),
          }))}
          onValueChange={(status) =>
            onQueryChange({ status: INQUIRY_LIST_FILTERS.find((filter) => filter === status) ?? '', page: 1 })
          }
        />
      </div>
      <LoadError message={list.loadError} onRetry={list.retry} />
      {list.loading && !result ? (
        <p role="status">
          <Trans>Loading your inquiries…</Trans>
        </p>
      ) : null}
      {result && result.items.length === 0 ? (
        <div>
          <p>
            {query.status === '' ? (
              <Trans>You have not sent an inquiry yet. Ask your dealers for prices and availability in one go.</Trans>
            ) : (
              <Trans>No inquiry has this status.</Trans>
            )}
          </p>
          <Link to="/inquiries/new">
            <Trans>Write your first inquiry</Trans>
          </Link>
        </div>
      ) : null}
      {result && result.items.length > 0 ? (
        <>
          <div className={styles.tableScroll}>
            <table className={styles.table}>
              <caption className={styles.caption}>
                <Trans>Your inquiries</Trans>
              </caption>
              <thead>
                <tr>
                  <th scope="col" className={styles.cell}>
                    <Trans>Vehicle</Trans>
                  </th>
                  <th scope="col" className={styles.numeric}>
                    <Trans>Lines</Trans>
                  </th>
                  <th scope="col" className={styles.numeric}>
                    <Trans>Answered</Trans>
                  </th>
                  <th scope="col" className={styles.cell}>
                    <Trans>Closing time</Trans>
                  </th>
                  <th scope="col" className={styles.cell}>
                    <Trans>Status</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {result.items.map((inquiry) => {
                  const answered = inquiry.answered_count;
                  const recipients = inquiry.recipient_count;
                  const id = inquiry.id;
                  return (
                    <tr key={inquiry.id}>
                      <th scope="row" className={styles.cell}>
                        <Link to="/inquiries/$inquiryId" params={{ inquiryId: String(inquiry.id) }}>
                          {vehicleLine(inquiry.vehicle) || <Trans>Inquiry {id}</Trans>}
                        </Link>
                      </th>
                      <td className={styles.numeric}>{inquiry.line_count}</td>
                      <td className={styles.numeric}>
                        <Trans>
                          {answered} of {recipients}
                        </Trans>
                      </td>
                      <td className={styles.cell}>{format.dateTime(inquiry.closes_at)}</td>
                      <td className={styles.cell}>{format.text(inquiryStatusText[inquiry.status])}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <Pager
            page={result.page}
            total={result.total}
            pageSize={result.page_size}
            summary={<Plural value={total} one="# inquiry" other="# inquiries" />}
            onPage={(page) => onQueryChange({ ...query, page })}
          />
        </>
      ) : null}
    </section>
  );
}
