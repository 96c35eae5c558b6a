import { useLingui } from '@lingui/react/macro';
import type { RecipientStatus } from '../../../common/contracts/trading';

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
