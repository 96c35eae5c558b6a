import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import {
  INQUIRY_LIST_FILTERS,
  type InquiryListFilter,
  type InquiryListQuery,
} from '../../../machines/inquiry-list.machine';
import { LoadError } from '../../ui/LoadError';
import { Pager } from '../../ui/Pager';
import { Select } from '../../ui/Select';
import { ListSearchField, NoSearchMatches } from '../trade-shared/ListSearch';
import * as styles from './inquiries.css';
import { inquiryStatusText, useTradeFormat } from './trade-text';
import { type InquiryListImplementations, useInquiryList } from './use-inquiry-list';

/**
 * /inquiries (issues 13 and 14): the workshop's inquiries, filtered, searched and paged by the
 * address (`search` is the URL's, read by the route).
 */
export function InquiryListView({
  implementations,
  search,
}: {
  implementations: InquiryListImplementations;
  search: InquiryListQuery;
}) {
  const { t } = useLingui();
  const format = useTradeFormat();
  const list = useInquiryList(implementations, search);
  const { query } = list;
  const filterLabel = (filter: InquiryListFilter) =>
    filter === ''
      ? t`All inquiries`
      : filter === 'open'
        ? t({ message: 'Open', context: 'inquiry status' })
        : format.text(inquiryStatusText[filter]);
  const result = list.page;
  const total = result?.total ?? 0;

  return (
    <section aria-labelledby="inquiries-title" aria-busy={list.busy}>
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
          onValueChange={(status) => list.filter('status', status)}
        />
        {/* The server also searches the alternative part numbers the dealers quoted (ADR 028). */}
        <ListSearchField
          label={<Trans>Part number, description, vehicle or your reference</Trans>}
          hint={<Trans>Finds a part number in any spelling, also among the dealers' alternatives.</Trans>}
          value={query.q}
          onSearch={(q) => list.filter('q', q)}
        />
      </div>
      <LoadError message={list.error} onRetry={list.retry} />
      {list.busy && !result ? (
        <p role="status">
          <Trans>Loading your inquiries…</Trans>
        </p>
      ) : null}
      {list.noMatches ? <NoSearchMatches search={query.q} onClear={list.clearSearch} /> : null}
      {result && result.items.length === 0 && !list.noMatches && query.q.trim() === '' ? (
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
            <table className={styles.listTable}>
              <caption className={styles.caption}>
                <Trans>Your inquiries</Trans>
              </caption>
              <thead>
                <tr>
                  <th scope="col" className={styles.cell}>
                    <Trans>Vehicle</Trans>
                  </th>
                  <th scope="col" className={styles.cell}>
                    <Trans>Status</Trans>
                  </th>
                  <th scope="col" className={styles.cell}>
                    <Trans>Closing time</Trans>
                  </th>
                  <th scope="col" className={styles.listNumber}>
                    <Trans>Lines</Trans>
                  </th>
                  <th scope="col" className={styles.listNumber}>
                    <Trans>Answered</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {result.items.map((inquiry) => {
                  const answered = inquiry.answered_count;
                  const recipients = inquiry.recipient_count;
                  return (
                    <tr key={inquiry.id}>
                      <th scope="row" className={`${styles.cell} ${styles.listVehicle}`}>
                        <Link to="/inquiries/$inquiryId" params={{ inquiryId: String(inquiry.id) }}>
                          {format.vehicle(inquiry.vehicle) || format.inquiryReference(inquiry.id)}
                        </Link>
                        {inquiry.workshop_reference ? (
                          <span className={styles.referenceLine}>
                            <Trans>Your reference: {inquiry.workshop_reference}</Trans>
                          </span>
                        ) : null}
                      </th>
                      <td className={`${styles.cell} ${styles.status}`}>
                        {format.text(inquiryStatusText[inquiry.status])}
                      </td>
                      <td className={styles.cell} data-label={t`Closing time`}>
                        {format.dateTime(inquiry.closes_at)}
                      </td>
                      <td className={styles.listNumber} data-label={t`Lines`}>
                        {inquiry.line_count}
                      </td>
                      <td className={styles.listNumber} data-label={t`Answered`}>
                        <Trans>
                          {answered} of {recipients}
                        </Trans>
                      </td>
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
            onPage={list.goToPage}
          />
        </>
      ) : null}
    </section>
  );
}
