import { Plural } from '@lingui/react/macro';
import type { LearnedFitment } from '../../../common/contracts/trading';
import * as styles from './fitment.css';

/**
 * What earlier orders for this vehicle type tell of a part (ADR 028): how often it was delivered
 * and kept, how often returned as not fitting. Counts over every workshop's orders; nothing when
 * too little is known. Shown on both inquiry pages and while a new inquiry is typed.
 */
export function FitmentHint({ fitment }: { fitment: LearnedFitment | null | undefined }) {
  if (!fitment || (fitment.kept === 0 && fitment.not_fitting === 0)) return null;
  const { kept, not_fitting: notFitting } = fitment;
  return (
    <span className={styles.fitment}>
      {kept > 0 ? (
        <span>
          <Plural
            value={kept}
            one="Ordered for this vehicle type before once, not returned"
            other="Ordered for this vehicle type before # times, not returned"
          />
        </span>
      ) : null}
      {notFitting > 0 ? (
        <span className={styles.fitmentAgainst}>
          <Plural value={notFitting} one="Returned as not fitting (once)" other="Returned as not fitting (# times)" />
        </span>
      ) : null}
    </span>
  );
}
