import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { InquiryDetail } from '../../../common/contracts/trading';
import { answeringRecipients, cheapestFor, fastestFor, isEtaPassed, quoteFor } from '../../../machines/inquiry-quotes';
import { Button } from '../../ui/Button';
import * as styles from './inquiries.css';
import { ScrollingTable } from './ScrollingTable';
import { availabilityText, type useTradeFormat } from './trade-text';
import type { useInquiryPage } from './use-inquiry-page';

type Format = ReturnType<typeof useTradeFormat>;
type Page = ReturnType<typeof useInquiryPage>;

/** An order's sums as the review dialog and the matrix show them: net, deposit, freight, total. */
export function TotalRows({
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

/** The quotes compared (issue 13): one row per part, one column per dealer, the choice per line and its totals. */
export function QuoteMatrix({ detail, page, format }: { detail: InquiryDetail; page: Page; format: Format }) {
  const { t } = useLingui();
  const dealers = answeringRecipients(detail);
  const choosing = page.ordersAllowed;
  /** What was ordered from whom: the order of a line at a dealer, null when the line was not ordered there. */
  const orderedAt = (lineId: number, recipientId: number) =>
    detail.ordered_lines.find((item) => item.inquiry_line_id === lineId && item.recipient_id === recipientId)
      ?.order_id ?? null;
  return (
    <>
      {choosing ? <ChoiceOptions page={page} format={format} /> : null}
      <p className={styles.muted}>
        <Trans>★ Cheapest: the cheapest choice delivered, with deposit and each dealer's freight.</Trans>
      </p>
      <ScrollingTable
        caption={<Trans>Quotes compared: one row per part, one column per dealer</Trans>}
        tableClassName={styles.matrixTable}
      >
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
                        <span className={styles.phoneOnly}>{dealerName}: </span>
                        <Trans>No answer for this part</Trans>
                      </td>
                    );
                  }
                  if (!quote.offered || quote.net_price_cents === null) {
                    const reason = quote.decline_reason ?? '';
                    return (
                      <td key={dealer.id} className={styles.cell}>
                        <span className={styles.phoneOnly}>{dealerName}: </span>
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
                  const orderId = orderedAt(line.id, dealer.id);
                  return (
                    <td
                      key={dealer.id}
                      className={[styles.cell, chosen === dealer.id || orderId !== null ? styles.chosen : ''].join(' ')}
                    >
                      <div className={styles.offer}>
                        <span className={styles.phoneOnly}>{dealerName}</span>
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
                        {orderId !== null ? (
                          <Link
                            to="/orders/$orderId"
                            params={{ orderId: String(orderId) }}
                            className={styles.mark.ordered}
                          >
                            <Trans>✓ Ordered here</Trans>
                          </Link>
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
              const dealerName = dealer.dealer_name;
              // An ordered inquiry shows what was ordered there (its order), not a choice.
              const placed = detail.ordered_lines.find((item) => item.recipient_id === dealer.id);
              const placedOrder = placed
                ? detail.orders.find((candidate) => candidate.id === placed.order_id)
                : undefined;
              return (
                <td key={dealer.id} className={styles.cell}>
                  <span className={styles.phoneOnly}>{dealerName}: </span>
                  {placed ? (
                    <Link to="/orders/$orderId" params={{ orderId: String(placed.order_id) }}>
                      <Trans>Order at {dealerName}</Trans>
                      {placedOrder ? <>: {format.money(placedOrder.total_cents)}</> : null}
                    </Link>
                  ) : detail.ordered_lines.length > 0 ? (
                    <span className={styles.muted}>
                      <Trans>Not ordered here</Trans>
                    </span>
                  ) : order ? (
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
    </>
  );
}

/**
 * The whole choice at a glance (issue 24 §4): its delivered total, the cheapest delivered choice
 * and, for a dealer that quoted every line, everything from that dealer in one delivery.
 */
function ChoiceOptions({ page, format }: { page: Page; format: Format }) {
  const total = format.money(page.delivered.total);
  const cheapest = format.money(page.cheapest.total);
  return (
    <div className={styles.choiceOptions}>
      <p className={styles.choiceTotal}>
        <Trans>Your choice delivered: {total}</Trans>
      </p>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={page.chooseCheapest} aria-pressed={page.isCheapest}>
          <Trans>Cheapest in total: {cheapest}</Trans>
        </Button>
        {page.singleDealer.map((option) => {
          const dealer = option.recipient.dealer_name;
          const optionTotal = format.money(option.total);
          return (
            <Button
              key={option.recipient.id}
              variant="secondary"
              onClick={() => page.chooseAllFrom(option.recipient.id)}
              aria-pressed={option.chosen}
            >
              <Trans>
                Everything from {dealer}: {optionTotal}
              </Trans>
            </Button>
          );
        })}
      </div>
    </div>
  );
}
