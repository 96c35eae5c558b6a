import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useId } from 'react';
import type { InquiryDetail, OrderSummary, Recipient } from '../../../common/contracts/trading';
import { answeringRecipients, cheapestFor, fastestFor, isEtaPassed, quoteFor } from '../../../machines/inquiry-quotes';
import { useMessageText } from '../../i18n/use-message-text';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { InfoBox } from '../../ui/InfoBox';
import { LoadError } from '../../ui/LoadError';
import { RequestedLinesTable } from '../trade-shared/RequestedLinesTable';
import { VinDecoded } from '../vehicle/VinDecoded';
import * as styles from './inquiries.css';
import { availabilityText, inquiryStatusText, recipientStatusText, useTradeFormat } from './trade-text';
import { type InquiryPageImplementations, useInquiryPage } from './use-inquiry-page';

type Format = ReturnType<typeof useTradeFormat>;

/**
 * A table that scrolls sideways when it is wider than its place (the review dialog, a phone): the
 * scroll area is a named region that takes the focus, so a keyboard can scroll it too.
 */
function ScrollingTable({ caption, children }: { caption: ReactNode; children: ReactNode }) {
  const captionId = useId();
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling area must take the focus to be scrolled by keyboard (WCAG 2.1.1, axe scrollable-region-focusable)
    <section className={styles.tableScroll} aria-labelledby={captionId} tabIndex={0}>
      <table className={styles.table}>
        <caption id={captionId} className={styles.caption}>
          {caption}
        </caption>
        {children}
      </table>
    </section>
  );
}

function RecipientTime({ recipient, format }: { recipient: Recipient; format: Format }) {
  if (recipient.answered_at) return <>{format.dateTime(recipient.answered_at)}</>;
  if (recipient.seen_at) return <>{format.dateTime(recipient.seen_at)}</>;
  return null;
}

function StatusNote({ detail }: { detail: InquiryDetail }) {
  const reason = detail.cancel_reason;
  if (detail.status === 'closed') {
    return (
      <InfoBox>
        <Trans>
          The closing time has passed: no more quotes come in. You can still order from the quotes received.
        </Trans>
      </InfoBox>
    );
  }
  if (detail.status === 'ordered') {
    return (
      <InfoBox tone="success">
        <Trans>You have ordered from this inquiry. Its orders are listed below.</Trans>
      </InfoBox>
    );
  }
  if (detail.status === 'cancelled') {
    return (
      <InfoBox>
        <Trans>You withdrew this inquiry. Nothing can be ordered from it.</Trans>
        {reason ? (
          <>
            {' '}
            <Trans>Reason: {reason}</Trans>
          </>
        ) : null}
      </InfoBox>
    );
  }
  return null;
}

function OrdersList({ orders, format }: { orders: OrderSummary[]; format: Format }) {
  if (orders.length === 0) return null;
  return (
    <section aria-labelledby="inquiry-orders-title">
      <h2 id="inquiry-orders-title">
        <Trans>Orders from this inquiry</Trans>
      </h2>
      <ul>
        {orders.map((order) => {
          const dealer = order.dealer_name;
          const total = format.money(order.total_cents);
          const count = order.line_count;
          return (
            <li key={order.id}>
              <Link to="/orders/$orderId" params={{ orderId: String(order.id) }}>
                <Trans>Order at {dealer}</Trans>: <Plural value={count} one="# line" other="# lines" />, {total}
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** /inquiries/$inquiryId (issue 13): the dealers' answers, the comparison matrix, ordering and withdrawing. */
export function InquiryPageView({
  implementations,
  inquiryId,
}: {
  implementations: InquiryPageImplementations;
  inquiryId: number;
}) {
  const format = useTradeFormat();
  const messageText = useMessageText();
  const page = useInquiryPage(implementations, inquiryId);
  const { detail, planned } = page;
  const failureText = page.failure ? (messageText(page.failure.messageId) ?? page.failure.message) : null;
  const orders = detail && detail.orders.length > 0 ? detail.orders : page.placed;

  return (
    <section aria-labelledby="inquiry-title" aria-busy={page.loading}>
      <p>
        <Link to="/inquiries">
          <Trans>Back to the inquiries</Trans>
        </Link>
      </p>
      <h1 id="inquiry-title">{format.inquiryReference(inquiryId)}</h1>
      {page.loading && !detail ? (
        <p role="status">
          <Trans>Loading the inquiry…</Trans>
        </p>
      ) : null}
      <LoadError message={page.loadError} onRetry={page.retry} />
      {page.notice === 'inquiryChanged' ? (
        <InfoBox tone="error">
          <Trans>
            The quotes changed while you were ordering. Nothing was ordered: please check your choice again.
          </Trans>{' '}
          <Button variant="ghost" onClick={page.dismissNotice}>
            <Trans>OK</Trans>
          </Button>
        </InfoBox>
      ) : null}
      {detail ? <InquiryDetails detail={detail} format={format} /> : null}
      {detail ? (
        <>
          <StatusNote detail={detail} />
          <OrdersList orders={orders} format={format} />
          {answeringRecipients(detail).length > 0 ? (
            <QuoteMatrix detail={detail} page={page} format={format} />
          ) : (
            <RequestedLinesTable lines={detail.lines} caption={<Trans>Parts asked for (no quote yet)</Trans>} />
          )}
          <div className={styles.actions}>
            {page.ordersAllowed ? (
              <Button onClick={page.review} disabled={!page.canReview}>
                <Trans>Order…</Trans>
              </Button>
            ) : null}
            {page.canCancel ? (
              <Button variant="secondary" onClick={page.requestCancel}>
                <Trans>Withdraw inquiry</Trans>
              </Button>
            ) : null}
          </div>
        </>
      ) : null}

      <Dialog
        open={page.reviewing}
        onOpenChange={(open) => {
          if (!open) page.cancelReview();
        }}
        title={<Trans>Check your orders</Trans>}
        description={<Trans>One order goes to each dealer, with the lines you chose from its quote.</Trans>}
        actions={
          <>
            <Button variant="secondary" onClick={page.cancelReview} disabled={page.ordering}>
              <Trans>Back to the comparison</Trans>
            </Button>
            <Button onClick={page.confirmOrder} busy={page.ordering}>
              <Trans>Place orders</Trans>
            </Button>
          </>
        }
      >
        {planned.map((order) => {
          const dealer = order.recipient.dealer_name;
          return (
            <ScrollingTable key={order.recipient.id} caption={<Trans>Order at {dealer}</Trans>}>
              <thead>
                <tr>
                  <th scope="col" className={styles.cell}>
                    <Trans>Part</Trans>
                  </th>
                  <th scope="col" className={styles.numeric}>
                    <Trans>Quantity</Trans>
                  </th>
                  <th scope="col" className={styles.numeric}>
                    <Trans>Net price each</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {order.lines.map(({ line, quote }) => (
                  <tr key={line.id}>
                    <th scope="row" className={styles.cell}>
                      {quote.alternative_part_number || format.lineTitle(line)}
                    </th>
                    <td className={styles.numeric}>{line.quantity}</td>
                    <td className={styles.numeric}>{format.money(quote.net_price_cents)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <TotalRows totals={order.totals} format={format} colSpan={2} />
              </tfoot>
            </ScrollingTable>
          );
        })}
        {failureText ? <p role="alert">{failureText}</p> : null}
      </Dialog>

      <Dialog
        open={page.confirmingCancel}
        onOpenChange={(open) => {
          if (!open) page.dismissCancel();
        }}
        title={<Trans>Withdraw this inquiry?</Trans>}
        description={<Trans>Your dealers are told that you no longer need quotes. This cannot be undone.</Trans>}
        actions={
          <>
            <Button variant="secondary" onClick={page.dismissCancel} disabled={page.cancelling}>
              <Trans>Keep the inquiry</Trans>
            </Button>
            <Button onClick={page.confirmCancel} busy={page.cancelling}>
              <Trans>Withdraw</Trans>
            </Button>
          </>
        }
      >
        {failureText ? <p role="alert">{failureText}</p> : null}
      </Dialog>
    </section>
  );
}

function TotalRows({
  totals,
  format,
  colSpan,
}: {
  totals: { net: number; deposit: number; freight: number; total: number };
  format: Format;
  colSpan: number;
}) {
  return (
    <>
      <tr>
        <th scope="row" colSpan={colSpan} className={styles.cell}>
          <Trans>Net</Trans>
        </th>
        <td className={styles.numeric}>{format.money(totals.net)}</td>
      </tr>
      <tr>
        <th scope="row" colSpan={colSpan} className={styles.cell}>
          <Trans>Deposit (Altteilpfand)</Trans>
        </th>
        <td className={styles.numeric}>{format.money(totals.deposit)}</td>
      </tr>
      <tr>
        <th scope="row" colSpan={colSpan} className={styles.cell}>
          <Trans>Freight</Trans>
        </th>
        <td className={styles.numeric}>{format.money(totals.freight)}</td>
      </tr>
      <tr>
        <th scope="row" colSpan={colSpan} className={styles.cell}>
          <Trans>Total</Trans>
        </th>
        <td className={styles.numeric}>
          <strong>{format.money(totals.total)}</strong>
        </td>
      </tr>
    </>
  );
}

type Page = ReturnType<typeof useInquiryPage>;

function InquiryDetails({ detail, format }: { detail: InquiryDetail; format: Format }) {
  const vehicle = format.vehicle(detail.vehicle);
  const closes = format.dateTime(detail.closes_at);
  const created = format.dateTime(detail.created_at);
  return (
    <>
      <dl>
        <dt>
          <Trans>Vehicle</Trans>
        </dt>
        <dd>
          {vehicle}
          <VinDecoded vin={detail.vehicle.vin} />
        </dd>
        <dt>
          <Trans>Status</Trans>
        </dt>
        <dd className={styles.status}>{format.text(inquiryStatusText[detail.status])}</dd>
        <dt>
          <Trans>Sent</Trans>
        </dt>
        <dd>{created}</dd>
        <dt>
          <Trans>Closing time</Trans>
        </dt>
        <dd>{closes}</dd>
      </dl>
      <ScrollingTable caption={<Trans>Dealers asked</Trans>}>
        <thead>
          <tr>
            <th scope="col" className={styles.cell}>
              <Trans>Dealer</Trans>
            </th>
            <th scope="col" className={styles.cell}>
              <Trans>State</Trans>
            </th>
            <th scope="col" className={styles.cell}>
              <Trans>Since</Trans>
            </th>
            <th scope="col" className={styles.cell}>
              <Trans>Quote valid until</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {detail.recipients.map((recipient) => (
            <tr key={recipient.id}>
              <th scope="row" className={styles.cell}>
                {recipient.dealer_name}
              </th>
              <td className={styles.cell}>
                {format.text(recipientStatusText[recipient.status])}
                {recipient.decline_reason ? ` — ${recipient.decline_reason}` : null}
              </td>
              <td className={styles.cell}>
                <RecipientTime recipient={recipient} format={format} />
              </td>
              <td className={styles.cell}>{recipient.valid_until ? format.date(recipient.valid_until) : null}</td>
            </tr>
          ))}
        </tbody>
      </ScrollingTable>
    </>
  );
}

function QuoteMatrix({ detail, page, format }: { detail: InquiryDetail; page: Page; format: Format }) {
  const { t } = useLingui();
  const dealers = answeringRecipients(detail);
  const choosing = page.ordersAllowed;
  return (
    <ScrollingTable caption={<Trans>Quotes compared: one row per part, one column per dealer</Trans>}>
      <thead>
        <tr>
          <th scope="col" className={styles.cell}>
            <Trans>Part</Trans>
          </th>
          {dealers.map((dealer) => (
            <th key={dealer.id} scope="col" className={styles.cell}>
              {dealer.dealer_name}
            </th>
          ))}
          {choosing ? (
            <th scope="col" className={styles.cell}>
              <Trans>Leave out</Trans>
            </th>
          ) : null}
        </tr>
      </thead>
      <tbody>
        {detail.lines.map((line) => {
          const position = line.position;
          const quantity = line.quantity;
          const cheapest = cheapestFor(detail, line.id);
          const fastest = fastestFor(detail, line.id);
          const chosen = page.choices[String(line.id)] ?? null;
          return (
            <tr key={line.id}>
              <th scope="row" className={styles.cell}>
                {format.lineTitle(line)}
                <p className={styles.muted}>
                  <Trans>Quantity: {quantity}</Trans>
                </p>
                {line.note ? <p className={styles.muted}>{line.note}</p> : null}
              </th>
              {dealers.map((dealer) => {
                const quote = quoteFor(dealer, line.id);
                const dealerName = dealer.dealer_name;
                if (!quote) {
                  return (
                    <td key={dealer.id} className={styles.cell}>
                      <Trans>No answer for this part</Trans>
                    </td>
                  );
                }
                if (!quote.offered || quote.net_price_cents === null) {
                  const reason = quote.decline_reason ?? '';
                  return (
                    <td key={dealer.id} className={styles.cell}>
                      <Trans>Not offered</Trans>
                      {reason ? (
                        <>
                          {': '}
                          {reason}
                        </>
                      ) : null}
                    </td>
                  );
                }
                const eta = quote.eta ? format.date(quote.eta) : null;
                const deposit = format.money(quote.deposit_cents);
                const altNumber = quote.alternative_part_number;
                const altBrand = quote.alternative_brand;
                return (
                  <td key={dealer.id} className={[styles.cell, chosen === dealer.id ? styles.chosen : ''].join(' ')}>
                    <div className={styles.offer}>
                      <strong>{format.money(quote.net_price_cents)}</strong>
                      {quote.deposit_cents > 0 ? (
                        <span>
                          <Trans>plus deposit {deposit}</Trans>
                        </span>
                      ) : null}
                      <span>
                        {quote.availability ? format.text(availabilityText[quote.availability]) : null}
                        {eta ? (
                          <>
                            {', '}
                            <Trans>expected {eta}</Trans>
                            {isEtaPassed(detail, quote) ? (
                              <>
                                {' '}
                                <Trans>(this date has passed)</Trans>
                              </>
                            ) : null}
                          </>
                        ) : null}
                      </span>
                      {altNumber || altBrand ? (
                        <span>
                          <Trans>
                            Alternative: {altNumber} {altBrand}
                          </Trans>
                        </span>
                      ) : null}
                      <span>
                        {quote.fits_vehicle ? (
                          <Trans>✓ Fits this vehicle (confirmed by the dealer)</Trans>
                        ) : (
                          <Trans>Fit not confirmed</Trans>
                        )}
                      </span>
                      {quote.note ? <span className={styles.muted}>{quote.note}</span> : null}
                      {cheapest.includes(dealer.id) ? (
                        <span className={styles.mark.cheapest}>
                          <Trans>★ Cheapest</Trans>
                        </span>
                      ) : null}
                      {fastest.includes(dealer.id) ? (
                        <span className={styles.mark.fastest}>
                          <Trans>⚡ Fastest</Trans>
                        </span>
                      ) : null}
                      {page.canChoose(line.id, dealer.id) ? (
                        <label>
                          <input
                            type="radio"
                            name={`choice-${line.id}`}
                            checked={chosen === dealer.id}
                            onChange={() => page.choose(line.id, dealer.id)}
                            aria-label={t`Line ${position}: order from ${dealerName}`}
                          />{' '}
                          <Trans>Order here</Trans>
                        </label>
                      ) : null}
                    </div>
                  </td>
                );
              })}
              {choosing ? (
                <td className={styles.cell}>
                  <label>
                    <input
                      type="radio"
                      name={`choice-${line.id}`}
                      checked={chosen === null}
                      onChange={() => page.choose(line.id, null)}
                      aria-label={t`Line ${position}: leave out`}
                    />{' '}
                    <Trans>Leave out</Trans>
                  </label>
                </td>
              ) : null}
            </tr>
          );
        })}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row" className={styles.cell}>
            <Trans>Total of your choice (net + deposit + freight)</Trans>
          </th>
          {dealers.map((dealer) => {
            const order = page.planned.find((candidate) => candidate.recipient.id === dealer.id);
            const freight = format.money(dealer.freight_cents);
            const freeFrom =
              dealer.free_freight_from_cents === null ? null : format.money(dealer.free_freight_from_cents);
            return (
              <td key={dealer.id} className={styles.cell}>
                {order ? (
                  <strong>{format.money(order.totals.total)}</strong>
                ) : (
                  <span className={styles.muted}>
                    <Trans>Nothing chosen</Trans>
                  </span>
                )}
                <p className={styles.muted}>
                  {freeFrom === null ? (
                    <Trans>Freight {freight}</Trans>
                  ) : (
                    <Trans>
                      Freight {freight}, free from {freeFrom}
                    </Trans>
                  )}
                </p>
              </td>
            );
          })}
          {choosing ? <td className={styles.cell} /> : null}
        </tr>
      </tfoot>
    </ScrollingTable>
  );
}
