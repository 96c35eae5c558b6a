import { checkVin } from '../../../common/vehicle/vin';
import * as styles from './vehicle.css';
import { useVinTexts } from './vin-texts';

/**
 * What a stored VIN says, read-only, under the vehicle on inquiry and order pages: the maker and the
 * country from its WMI. Nothing for no VIN (HSN/TSN or a description only) or one that is not valid.
 */
export function VinDecoded({ vin }: { vin: string }) {
  const texts = useVinTexts();
  const check = checkVin(vin);
  if (check.status !== 'valid' || !check.manufacturer) return null;
  return <span className={styles.decodedInline}>{texts.manufacturer(check.manufacturer)}</span>;
}
