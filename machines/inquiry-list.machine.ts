import * as v from 'valibot';
import { pageQueryParam } from '../common/contracts/admin-users';
import { INQUIRY_STATUSES, type InquirySummary, searchTextParam } from '../common/contracts/trading';
import { parseListSearch } from './list-search';
import { createUrlListMachine, type ListPage } from './url-list';

/** The filters the list offers: all, open (sent or quoted), and each stored status (a draft is never stored). */
export const INQUIRY_LIST_FILTERS = ['', 'open', ...INQUIRY_STATUSES.filter((status) => status !== 'draft')] as const;
export type InquiryListFilter = (typeof INQUIRY_LIST_FILTERS)[number];

/**
 * /inquiries' search params: the page, the status filter and the search text (`q`: a part number
 * in any spelling or one character off, a description, a dealer's alternative, the vehicle).
 * Each is optional in a link; whatever the rules refuse falls back to its default on its own.
 */
export const inquiryListSearchSchema = v.object({
  page: pageQueryParam,
  status: v.optional(v.picklist(INQUIRY_LIST_FILTERS), ''),
  q: searchTextParam,
});

/** The list's query as the address holds it. */
export type InquiryListQuery = v.InferOutput<typeof inquiryListSearchSchema>;
export type InquiryListPage = ListPage<InquirySummary>;

/** The URL's search params read by the rules above: anything refused becomes the default. */
export function parseInquiryListSearch(raw: Record<string, unknown>): InquiryListQuery {
  return parseListSearch(inquiryListSearchSchema, raw);
}

/**
 * The workshop's inquiries (issues 13 and 14): one page for the query in the address, read again
 * on every live trade event, since any of them may change a row's answers or status.
 */
export const inquiryListMachine = createUrlListMachine<typeof inquiryListSearchSchema, InquirySummary>({
  id: 'inquiryList',
  schema: inquiryListSearchSchema,
  reloadOn: () => true,
});
