import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import type { AvailabilityClass, InquiryStatus, RecipientStatus } from '../../../common/contracts/trading';

/** Times are shown in Berlin time, whatever the browser's zone (ADR 023: stored UTC). */
const TIME_ZONE = 'Europe/Berlin';

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

/** Money (integer cents, EUR) and times in the language on screen. */
export function useTradeFormat() {
  const { i18n } = useLingui();
  const locale = i18n.locale;
  const money = new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' });
  const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: TIME_ZONE });
  // ISO dates (ETA, valid until) are calendar days: formatted at noon UTC so no zone moves the day.
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  return {
    text: (descriptor: MessageDescriptor) => i18n._(descriptor),
    money: (cents: number) => money.format(cents / 100),
    dateTime: (iso: string) => dateTime.format(new Date(iso)),
    date: (isoDate: string) => date.format(new Date(`${isoDate}T12:00:00Z`)),
  };
}

/** The vehicle in one line: the description, the VIN, HSN/TSN, whichever were given. */
export function vehicleLine(vehicle: { vin: string; hsn: string; tsn: string; description: string }) {
  return [vehicle.description, vehicle.vin, vehicle.hsn && vehicle.tsn ? `${vehicle.hsn}/${vehicle.tsn}` : '']
    .filter(Boolean)
    .join(' · ');
}
