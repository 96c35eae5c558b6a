import { useLingui } from '@lingui/react/macro';
import type { RecipientStatus, VehicleView } from '../../../common/contracts/trading';

/** A vehicle in one line: its description, VIN and HSN/TSN, as far as the workshop gave them. */
export function vehicleText(vehicle: VehicleView) {
  return [
    vehicle.description,
    vehicle.vin ? `VIN ${vehicle.vin}` : '',
    vehicle.hsn ? `HSN/TSN ${vehicle.hsn}/${vehicle.tsn}` : '',
  ]
    .filter(Boolean)
    .join(' · ');
}

/** This dealer's copy of an inquiry, in words. */
export function useRecipientStatusLabels(): Record<RecipientStatus, string> {
  const { t } = useLingui();
  return {
    sent: t`New, not opened yet`,
    seen: t`Opened, not answered`,
    answered: t`Answered`,
    declined: t`Declined`,
    expired: t`Expired`,
  };
}
