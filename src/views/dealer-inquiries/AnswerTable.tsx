import { Trans, useLingui } from '@lingui/react/macro';
import type { AvailabilityClass, DealerInquiry } from '../../../common/contracts/trading';
import { useFormats } from '../../i18n/use-formats';
import * as styles from './dealer-inquiries.css';

export function useAvailabilityLabels(): Record<AvailabilityClass, string> {
  const { t } = useLingui();
  return {
    branch_today: t`In the branch today`,
    central_24h: t`Central warehouse, 24 h`,
    ordered_eta: t`To be ordered (delivery date)`,
    not_available: t`Not available`,
  };
}

/** A stored answer as a table: per line the offer or the declined line, then validity and freight. */
export function AnswerTable({ inquiry, caption }: { inquiry: DealerInquiry; caption: string }) {
  const { t } = useLingui();
  const format = useFormats();
  const availability = useAvailabilityLabels();
  const { recipient } = inquiry;
  const quoted = new Map(recipient.quote_lines.map((line) => [line.inquiry_line_id, line]));
  const money = format.money;
  return (
    <>
      <table className={styles.table}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className={styles.cell}>
              <Trans>Line</Trans>
            </th>
            <th scope="col" className={styles.cell}>
              <Trans>Net price</Trans>
            </th>
            <th scope="col" className={styles.cell}>
              <Trans>Deposit</Trans>
            </th>
            <th scope="col" className={styles.cell}>
              <Trans>Availability</Trans>
            </th>
            <th scope="col" className={styles.cell}>
              <Trans>Alternative</Trans>
            </th>
            <th scope="col" className={styles.cell}>
              <Trans>Fits this vehicle</Trans>
            </th>
            <th scope="col" className={styles.cell}>
              <Trans>Note</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {inquiry.lines.map((line) => {
            const answer = quoted.get(line.id);
            const name = format.lineTitle(line);
            return (
              <tr key={line.id}>
                <th scope="row" className={styles.cell}>
                  {line.position}. {name}
                </th>
                {!answer ? (
                  <td className={styles.cell} colSpan={6}>
                    <Trans>Not answered</Trans>
                  </td>
                ) : !answer.offered ? (
                  <td className={styles.cell} colSpan={6}>
                    <Trans>Declined: {answer.decline_reason}</Trans>
                  </td>
                ) : (
                  <>
                    <td className={styles.cell}>
                      {answer.net_price_cents === null ? '–' : money(answer.net_price_cents)}
                    </td>
                    <td className={styles.cell}>{answer.deposit_cents > 0 ? money(answer.deposit_cents) : '–'}</td>
                    <td className={styles.cell}>
                      {answer.availability ? availability[answer.availability] : '–'}
                      {answer.eta ? ` (${format.date(answer.eta)})` : ''}
                    </td>
                    <td className={styles.cell}>
                      {[answer.alternative_part_number, answer.alternative_brand].filter(Boolean).join(' · ') || '–'}
                    </td>
                    <td className={styles.cell}>{answer.fits_vehicle ? t`Yes` : t`No`}</td>
                    <td className={styles.cell}>{answer.note || '–'}</td>
                  </>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
      <p>
        {recipient.valid_until ? <Trans>Valid until {format.date(recipient.valid_until)}.</Trans> : null}{' '}
        {recipient.freight_cents > 0 ? (
          recipient.free_freight_from_cents !== null ? (
            <Trans>
              Freight {money(recipient.freight_cents)}, free from an order value of{' '}
              {money(recipient.free_freight_from_cents)}.
            </Trans>
          ) : (
            <Trans>Freight {money(recipient.freight_cents)}.</Trans>
          )
        ) : (
          <Trans>No freight charged.</Trans>
        )}
      </p>
    </>
  );
}
