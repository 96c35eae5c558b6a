import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import type { TradeEvent } from '../../common/contracts/trading';
import {
  type InquiryListPage,
  type InquiryListQuery,
  inquiryListSearchSchema,
  parseInquiryListSearch,
} from '../../machines/inquiry-list.machine';
import { compactListSearch } from '../../machines/list-search';
import type { LiveEventSource } from '../../src/app/live-events';
import { InquiryListView } from '../../src/views/workshop-inquiries/InquiryListView';
import { createInquiryListImplementations } from '../../src/views/workshop-inquiries/use-inquiry-list';
import { renderInRouter } from '../support/render-in-router';
import { aTradeEvent, quotedInquiry } from '../support/workshop-inquiry-fixtures';

const page = (items: InquiryListPage['items']): InquiryListPage => ({
  items,
  total: items.length,
  page: 1,
  page_size: 20,
});
const summary = {
  id: 77,
  status: 'quoted' as const,
  vehicle: quotedInquiry().vehicle,
  workshop_reference: null,
  line_count: 2,
  recipient_count: 3,
  answered_count: 2,
  created_at: '2026-11-25T07:50:00Z',
  closes_at: '2026-11-25T09:50:00Z',
};

function setup(
  pages: InquiryListPage[] | ((query: InquiryListQuery) => InquiryListPage),
  query: InquiryListQuery = { page: 1, status: '', q: '' },
) {
  let emit: (event: TradeEvent) => void = () => {};
  const live: LiveEventSource = {
    subscribe: (listener) => {
      emit = listener;
      return () => {};
    },
    subscribeReload: () => () => {},
    subscribeStatus: () => () => {},
    status: () => 'online',
  };
  const list = vi.fn(async (asked: InquiryListQuery) =>
    typeof pages === 'function' ? pages(asked) : (pages.shift() ?? page([])),
  );
  const urls: { query: InquiryListQuery; replace: boolean }[] = [];
  const implementations = createInquiryListImplementations({
    api: { list },
    live,
    navigate: (next, { replace }) => urls.push({ query: next, replace }),
  });
  return { list, urls, emit: (event: TradeEvent) => emit(event), implementations, query };
}

test('lists the inquiries with vehicle, lines, answers, closing time and status; a live event reloads', async () => {
  const { list, emit, implementations, query } = setup([page([summary]), page([{ ...summary, answered_count: 3 }])]);
  await renderInRouter('/inquiries', () => <InquiryListView implementations={implementations} search={query} />);
  const table = await screen.findByRole('table', { name: 'Your inquiries' });
  const row = within(table).getByRole('row', { name: /Golf 7 1.6 TDI/ });
  expect(within(row).getByRole('link')).toHaveAttribute('href', '/inquiries/77');
  expect(row).toHaveTextContent('2 of 3');
  expect(row).toHaveTextContent('Quotes received');
  expect(row).toHaveTextContent('25 Nov 2026, 10:50');
  expect(screen.getByRole('link', { name: 'New inquiry' })).toHaveAttribute('href', '/inquiries/new');
  expect(list).toHaveBeenCalledWith({ page: 1, status: '', q: '' });

  emit(aTradeEvent(77));
  expect(await within(table).findByText('3 of 3')).toBeVisible();
  expect(list).toHaveBeenCalledTimes(2);
});

test('the status filter goes to the address (first page, the search kept); an empty list leads to a new inquiry', async () => {
  const user = userEvent.setup();
  const { urls, list, implementations } = setup([page([]), page([])]);
  await renderInRouter('/inquiries', () => (
    <InquiryListView implementations={implementations} search={{ page: 3, status: '', q: '' }} />
  ));
  expect(await screen.findByRole('link', { name: 'Write your first inquiry' })).toHaveAttribute(
    'href',
    '/inquiries/new',
  );
  await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Open');
  expect(urls).toEqual([{ query: { page: 1, status: 'open', q: '' }, replace: false }]);
  await waitFor(() => expect(list).toHaveBeenLastCalledWith({ page: 1, status: 'open', q: '' }));
});

test('typing a part number searches from page 1 once the typing pauses; the address carries it', async () => {
  const user = userEvent.setup();
  const { urls, list, implementations } = setup(
    (asked) => page(asked.q === '' ? [summary] : [{ ...summary, id: 78 }]),
    {
      page: 2,
      status: 'open',
      q: '',
    },
  );
  await renderInRouter('/inquiries', () => (
    <InquiryListView implementations={implementations} search={{ page: 2, status: 'open', q: '' }} />
  ));
  await screen.findByRole('table', { name: 'Your inquiries' });
  const field = screen.getByRole('searchbox', { name: 'Part number, description, vehicle or your reference' });
  expect(field).toHaveAccessibleDescription(
    "Finds a part number in any spelling, also among the dealers' alternatives.",
  );
  await user.type(field, '1k0-615');
  expect(field).toHaveValue('1k0-615');
  expect(urls.at(-1)).toEqual({ query: { page: 1, status: 'open', q: '1k0-615' }, replace: true });
  await waitFor(() => expect(screen.getByRole('link', { name: /Golf 7/ })).toHaveAttribute('href', '/inquiries/78'));
  // One request for the whole word, not one per letter.
  expect(list.mock.calls.map(([asked]) => asked)).toEqual([
    { page: 2, status: 'open', q: '' },
    { page: 1, status: 'open', q: '1k0-615' },
  ]);
});

test('no match: "no results for …" with a way back to the whole list', async () => {
  const user = userEvent.setup();
  const { urls, list, implementations } = setup((asked) => page(asked.q === '' ? [summary] : []));
  await renderInRouter('/inquiries', () => (
    <InquiryListView implementations={implementations} search={{ page: 1, status: '', q: 'XYZ999' }} />
  ));
  expect(await screen.findByText('No results for “XYZ999”.')).toBeVisible();
  expect(screen.queryByRole('link', { name: 'Write your first inquiry' })).toBeNull();
  await user.click(screen.getByRole('button', { name: 'Clear search' }));
  expect(urls).toEqual([{ query: { page: 1, status: '', q: '' }, replace: false }]);
  expect(await screen.findByRole('table', { name: 'Your inquiries' })).toBeVisible();
  expect(screen.getByRole('searchbox', { name: 'Part number, description, vehicle or your reference' })).toHaveValue(
    '',
  );
  expect(list).toHaveBeenLastCalledWith({ page: 1, status: '', q: '' });
});

test('search params: a foreign page, status or search text falls back on its own, a link needs none', () => {
  expect(parseInquiryListSearch({})).toEqual({ page: 1, status: '', q: '' });
  expect(parseInquiryListSearch({ page: 2, status: 'open', q: '1K0 615 301 AA' })).toEqual({
    page: 2,
    status: 'open',
    q: '1K0 615 301 AA',
  });
  expect(parseInquiryListSearch({ page: -1, status: 'draft' })).toEqual({ page: 1, status: '', q: '' });
  expect(parseInquiryListSearch({ status: 'open', q: 'x'.repeat(61) })).toEqual({ page: 1, status: 'open', q: '' });
  expect(parseInquiryListSearch({ page: 3, q: 'Golf\u001b[2J' })).toEqual({ page: 3, status: '', q: '' });
  expect(compactListSearch(inquiryListSearchSchema, { page: 1, status: '', q: '' })).toEqual({});
  expect(compactListSearch(inquiryListSearchSchema, { page: 1, status: '', q: 'Golf' })).toEqual({ q: 'Golf' });
});
