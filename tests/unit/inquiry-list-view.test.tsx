import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as v from 'valibot';
import { expect, test, vi } from 'vitest';
import type { TradeEvent } from '../../common/contracts/trading';
import type { InquiryListPage, InquiryListQuery } from '../../machines/inquiry-list.machine';
import type { LiveEventSource } from '../../src/app/live-events';
import { InquiryListView } from '../../src/views/workshop-inquiries/InquiryListView';
import { inquiryListSearchSchema } from '../../src/views/workshop-inquiries/list-search';
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
  line_count: 2,
  recipient_count: 3,
  answered_count: 2,
  created_at: '2026-11-25T07:50:00Z',
  closes_at: '2026-11-25T09:50:00Z',
};

function setup(pages: InquiryListPage[], query: InquiryListQuery = { page: 1, status: '' }) {
  let emit: (event: TradeEvent) => void = () => {};
  const live: LiveEventSource = {
    subscribe: (listener) => {
      emit = listener;
      return () => {};
    },
    subscribeStatus: () => () => {},
    status: () => 'online',
  };
  const list = vi.fn(async () => pages.shift() ?? page([]));
  const onQueryChange = vi.fn();
  const implementations = createInquiryListImplementations({
    api: { list } as unknown as Parameters<typeof createInquiryListImplementations>[0]['api'],
    live,
  });
  return { list, onQueryChange, emit: (event: TradeEvent) => emit(event), implementations, query };
}

test('lists the inquiries with vehicle, lines, answers, closing time and status; a live event reloads', async () => {
  const { list, onQueryChange, emit, implementations, query } = setup([
    page([summary]),
    page([{ ...summary, answered_count: 3 }]),
  ]);
  await renderInRouter('/inquiries', () => (
    <InquiryListView implementations={implementations} query={query} onQueryChange={onQueryChange} />
  ));
  const table = await screen.findByRole('table', { name: 'Your inquiries' });
  const row = within(table).getByRole('row', { name: /Golf 7 1.6 TDI/ });
  expect(within(row).getByRole('link')).toHaveAttribute('href', '/inquiries/77');
  expect(row).toHaveTextContent('2 of 3');
  expect(row).toHaveTextContent('Quotes received');
  expect(row).toHaveTextContent('Nov 25, 2026, 10:50 AM');
  expect(screen.getByRole('link', { name: 'New inquiry' })).toHaveAttribute('href', '/inquiries/new');
  expect(list).toHaveBeenCalledWith({ page: 1, status: '' });

  emit(aTradeEvent(77));
  expect(await within(table).findByText('3 of 3')).toBeVisible();
  expect(list).toHaveBeenCalledTimes(2);
});

test('the status filter goes to the address (first page); an empty list leads to a new inquiry', async () => {
  const user = userEvent.setup();
  const { onQueryChange, implementations } = setup([page([])]);
  await renderInRouter('/inquiries', () => (
    <InquiryListView implementations={implementations} query={{ page: 3, status: '' }} onQueryChange={onQueryChange} />
  ));
  expect(await screen.findByRole('link', { name: 'Write your first inquiry' })).toHaveAttribute(
    'href',
    '/inquiries/new',
  );
  await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Open');
  expect(onQueryChange).toHaveBeenCalledWith({ page: 1, status: 'open' });
});

test('search params: a foreign page or status falls back, a link needs none', () => {
  expect(v.parse(inquiryListSearchSchema, {})).toEqual({ page: 1, status: '' });
  expect(v.parse(inquiryListSearchSchema, { page: 2, status: 'open' })).toEqual({ page: 2, status: 'open' });
  expect(v.parse(inquiryListSearchSchema, { page: -1, status: 'draft' })).toEqual({ page: 1, status: '' });
});
