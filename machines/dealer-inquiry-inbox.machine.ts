import * as v from 'valibot';
import { pageQueryParam } from '../common/contracts/admin-users';
import { type DealerInboxItem, searchTextParam } from '../common/contracts/trading';
import { parseListSearch } from './list-search';
import { createUrlListMachine, type ListPage } from './url-list';

/** The inbox's filter as the URL carries it: `all` is every inquiry, `open` those still waiting for an answer. */
export const INBOX_FILTERS = ['open', 'answered', 'declined', 'expired', 'all'] as const;
export type InboxFilter = (typeof INBOX_FILTERS)[number];

/**
 * /dealer/inquiries' search params: the filter (open by default), the page and the search text
 * (`q`: a part number in any spelling or one character off, a description, an alternative this
 * dealer quoted, the vehicle, the workshop's name). Whatever the rules refuse falls back to its
 * default on its own.
 */
export const inboxSearchSchema = v.object({
  status: v.optional(v.picklist(INBOX_FILTERS), 'open'),
  page: pageQueryParam,
  q: searchTextParam,
});
export type InboxQuery = v.InferOutput<typeof inboxSearchSchema>;
export type InboxPage = ListPage<DealerInboxItem>;

/** The URL's search params read by the rules above: anything refused becomes the default. */
export function parseInboxSearch(raw: Record<string, unknown>): InboxQuery {
  return parseListSearch(inboxSearchSchema, raw);
}

/**
 * The dealer's inquiry inbox on /dealer/inquiries (issues 13 and 14): one page of its customers'
 * inquiries for a status filter (open by default) and a search text. Any live trade event reloads
 * the page: a new inquiry, a colleague's answer, a closing.
 */
export const dealerInquiryInboxMachine = createUrlListMachine<typeof inboxSearchSchema, DealerInboxItem>({
  id: 'dealerInquiryInbox',
  schema: inboxSearchSchema,
  reloadOn: () => true,
});
