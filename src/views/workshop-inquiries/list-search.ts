import * as v from 'valibot';
import { INQUIRY_LIST_FILTERS } from '../../../machines/inquiry-list.machine';

/**
 * /inquiries' search params (page, status): both optional in a link, and whatever is foreign in the
 * address falls back to the first page of all inquiries.
 */
export const inquiryListSearchSchema = v.object({
  page: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(999_999)), 1), 1),
  status: v.fallback(v.optional(v.picklist(INQUIRY_LIST_FILTERS), ''), ''),
});
