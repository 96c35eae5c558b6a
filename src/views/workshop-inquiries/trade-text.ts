import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import type { AvailabilityClass, InquiryStatus, RecipientStatus } from '../../../common/contracts/trading';
import { useFormats } from '../../i18n/use-formats';

export const inquiryStatusText: Record<InquiryStatus, MessageDescriptor> = {
  draft: msg`Draft`,
  sent: msg`Sent — waiting for quotes`,
  quoted: msg`Quotes received`,
  closed: msg`Closed — no more quotes`,
  ordered: msg`Ordered`,
  cancelled: msg`Withdrawn`,
};

export const recipientStatusText: Record<RecipientStatus, MessageDescriptor> = {
  sent: msg`Sent`,
  seen: msg`Seen`,
  answered: msg`Quote received`,
  declined: msg`Declined`,
  expired: msg`No answer by the closing time`,
};

export const availabilityText: Record<AvailabilityClass, MessageDescriptor> = {
  branch_today: msg`In the branch today`,
  central_24h: msg`Central warehouse, 24 h`,
  ordered_eta: msg`Ordered`,
  not_available: msg`Not available`,
};

/** The portal's formats (common/format) in the language on screen, and its message texts. */
export function useTradeFormat() {
  const { i18n } = useLingui();
  const formats = useFormats();
  return { ...formats, text: (descriptor: MessageDescriptor) => i18n._(descriptor) };
}
