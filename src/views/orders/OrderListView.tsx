import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { ORDER_STATUSES, type OrderSummary, TRADE_PAGE_SIZE } from '../../../common/contracts/trading';
import { awaitsDealerConfirmation, type OrderListSearch } from '../../../machines/order-list.machine';
import { useFormats } from '../../i18n/use-formats';
import { LoadError } from '../../ui/LoadError';
import { Pager } from '../../ui/Pager';
import { Select } from '../../ui/Select';
import { TextField } from '../../ui/TextField';
import * as cards from '../../ui/table-cards.css';
import { handoverText, orderStatusText, statusTone } from '../trade-shared/order-texts';
import * as styles from '../trade-shared/orders.css';
import { type OrderListImplementations, useOrderList } from './use-order-list';

function OrderLink({ order, side }: { order: OrderSummary; side: 'workshop' | 'dealer' }) {
  const format = useFormats();
  const orderId = String(order.id);
  return side === 'workshop' ? (
    <Link to="/orders/$orderId" params={{ orderId }}>
      {format.orderReference(order.id)}
    </Link>
  ) : (
    <Link to="/dealer/orders/$orderId" params={{ orderId }}>
      {format.orderReference(order.id)}
    </Link>
  );
}

/** What needs attention on an order, in words (the row's colour only repeats it). */
function Attention({ order, side }: { order: OrderSummary; side: 'workshop' | 'dealer' }) {
  const returns = order.open_returns;
  return (
    <>
      {awaitsDealerConfirmation(order, side) ? (
        <span className={styles.badge.attention}>
          <Trans>New – please confirm</Trans>
        </span>
      ) : null}{' '}
      {order.has_backorder ? (
        <span className={styles.badge.attention}>
          <Trans>Backorder</Trans>
        </span>
      ) : null}{' '}
      {returns > 0 ? (
        <span className={styles.badge.attention}>
          <Plural value={returns} one="# open return" other="# open returns" />
        </span>
      ) : null}
    </>
  );
}

/**
 * /orders (workshop) and /dealer/orders (dealer): the orders with filters kept in the URL, pages,
 * and live reloads; an order with a backorder or an open return stands out.
 */
export function OrderListView({
  implementations,
  search,
  side,
}: {
  implementations: OrderListImplementations;
  search: OrderListSearch;
  side: 'workshop' | 'dealer';
}) {
  const { t, i18n } = useLingui();
  const format = useFormats();
  const list = useOrderList(implementations, search);
  const { query, page } = list;
  const total = page?.total ?? 0;
  return (
    <section aria-labelledby="orders-title" aria-busy={list.busy}>
      <h1 id="orders-title">
        <Trans>Orders</Trans>
      </h1>
      <fieldset className={styles.filters}>
        <legend className="visually-hidden">
          <Trans>Filter orders</Trans>
        </legend>
        <Select
          label={<Trans>Status</Trans>}
          value={query.status}
          onValueChange={(value) => list.filter('status', value)}
          options={ORDER_STATUSES.map((status) => ({ value: status, label: i18n._(orderStatusText[status]) }))}
          placeholder={t`All statuses`}
        />
        {side === 'workshop' ? (
          <Select
            label={<Trans>Dealer</Trans>}
            value={query.dealer}
            onValueChange={(value) => list.filter('dealer', value)}
            options={list.dealers.map((dealer) => ({ value: String(dealer.id), label: dealer.name }))}
            placeholder={t`All dealers`}
          />
        ) : null}
        {/* The server finds a part number in any spelling, or one character off (ADR 028). */}
        <TextField
          type="search"
          label={
            side === 'workshop' ? (
              <Trans>Part number, description or your reference</Trans>
            ) : (
              <Trans>Workshop or part</Trans>
            )
          }
          value={query.q}
          onValueChange={(value) => list.filter('q', value)}
          autoComplete="off"
          spellCheck={false}
        />
        <TextField
          type="search"
          label={<Trans>Vehicle</Trans>}
          value={query.vehicle}
          onValueChange={(value) => list.filter('vehicle', value)}
          autoComplete="off"
        />
        <TextField
          type="date"
          label={<Trans>Placed from</Trans>}
          value={query.from}
          onValueChange={(value) => list.filter('from', value)}
        />
        <TextField
          type="date"
          label={<Trans>Placed until</Trans>}
          value={query.to}
          onValueChange={(value) => list.filter('to', value)}
        />
      </fieldset>
      <LoadError message={list.error} onRetry={list.retry} />
      {list.busy ? (
        <p role="status">
          <Trans>Loading orders…</Trans>
        </p>
      ) : null}
      {page ? (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption className="visually-hidden">
              <Trans>Orders</Trans>
            </caption>
            <thead>
              <tr>
                <th scope="col" className={styles.cell}>
                  <Trans>Order</Trans>
                </th>
                <th scope="col" className={styles.cell}>
                  <Trans>Status</Trans>
                </th>
                <th scope="col" className={styles.cell}>
                  <Trans>Total</Trans>
                </th>
                <th scope="col" className={styles.cell}>
                  {side === 'workshop' ? <Trans>Dealer</Trans> : <Trans>Workshop</Trans>}
                </th>
                <th scope="col" className={styles.cell}>
                  <Trans>Vehicle</Trans>
                </th>
                <th scope="col" className={styles.cell}>
                  <Trans>Placed</Trans>
                </th>
                <th scope="col" className={styles.cell}>
                  <Trans>Lines</Trans>
                </th>
                <th scope="col" className={styles.cell}>
                  <Trans>Attention</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {page.items.length === 0 ? (
                <tr>
                  <td className={styles.cell} colSpan={8}>
                    <Trans>No orders match these filters.</Trans>
                  </td>
                </tr>
              ) : null}
              {page.items.map((order) => (
                <tr
                  key={order.id}
                  className={
                    order.has_backorder || order.open_returns > 0 || awaitsDealerConfirmation(order, side)
                      ? styles.attentionRow
                      : undefined
                  }
                >
                  <th scope="row" className={`${styles.cell} ${cards.cardHead}`}>
                    <OrderLink order={order} side={side} />
                  </th>
                  <td className={`${styles.cell} ${cards.cardFirst}`} data-label={t`Status`}>
                    <span className={styles.badge[statusTone(order.status)]}>
                      {i18n._(orderStatusText[order.status])}
                    </span>
                  </td>
                  <td className={`${styles.cell} ${cards.cardFirst} ${cards.amount}`} data-label={t`Total`}>
                    {format.money(order.total_cents)}
                  </td>
                  <td className={styles.cell} data-label={side === 'workshop' ? t`Dealer` : t`Workshop`}>
                    {side === 'workshop' ? order.dealer_name : order.workshop_name}
                  </td>
                  <td className={`${styles.cell} ${cards.cardWide}`} data-label={t`Vehicle`}>
                    {format.vehicle(order.vehicle)}
                    {side === 'workshop' && order.workshop_reference ? (
                      <p className={styles.referenceLine}>
                        <Trans>Your reference: {order.workshop_reference}</Trans>
                      </p>
                    ) : null}
                    {order.handover === 'pickup' ? <p className={styles.muted}>{i18n._(handoverText.pickup)}</p> : null}
                  </td>
                  <td className={styles.cell} data-label={t`Placed`}>
                    {format.dateTime(order.placed_at)}
                  </td>
                  <td className={styles.cell} data-label={t`Lines`}>
                    {order.line_count}
                  </td>
                  {/* On a phone what needs attention stands beside the order's name, before everything else. */}
                  <td className={`${styles.cell} ${cards.cardHead}`}>
                    <Attention order={order} side={side} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <Pager
        page={query.page}
        total={page ? total : null}
        pageSize={page?.page_size ?? TRADE_PAGE_SIZE}
        summary={<Plural value={total} one="# order" other="# orders" />}
        onPage={list.goToPage}
      />
    </section>
  );
}
