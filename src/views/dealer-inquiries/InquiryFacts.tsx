import { Trans } from '@lingui/react/macro';
import type { DealerInquiry } from '../../../common/contracts/trading';
import { useFormats } from '../../i18n/use-formats';
import { Card } from '../../ui/Card';
import { VinDecoded } from '../vehicle/VinDecoded';
import * as styles from './dealer-inquiries.css';

/** What the workshop asks about: who, which vehicle, when it closes. */
export function InquiryFacts({ inquiry }: { inquiry: DealerInquiry }) {
  const format = useFormats();
  return (
    <Card aria-labelledby="facts-title">
      <h2 id="facts-title">
        <Trans>Request</Trans>
      </h2>
      <dl className={styles.facts}>
        <dt>
          <Trans>Workshop</Trans>
        </dt>
        <dd>{inquiry.workshop_name}</dd>
        <dt>
          <Trans>Customer number</Trans>
        </dt>
        <dd>{inquiry.customer_number}</dd>
        <dt>
          <Trans>Vehicle</Trans>
        </dt>
        <dd>
          {format.vehicle(inquiry.vehicle)}
          <VinDecoded vin={inquiry.vehicle.vin} />
        </dd>
        <dt>
          <Trans>Sent</Trans>
        </dt>
        <dd>{format.dateTime(inquiry.created_at)}</dd>
        <dt>
          <Trans>Closes</Trans>
        </dt>
        <dd>
          <time dateTime={inquiry.closes_at}>{format.dateTime(inquiry.closes_at)}</time>
        </dd>
      </dl>
    </Card>
  );
}
