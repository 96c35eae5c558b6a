import { afterEach, expect, test, vi } from 'vitest';
import { type AnyActorRef, createActor, fromCallback, waitFor } from 'xstate';
import { SEARCH_TEXT_MAX_LENGTH, type TradeEvent } from '../../common/contracts/trading';
import { type InquiryListPage, type InquiryListQuery, inquiryListMachine } from '../../machines/inquiry-list.machine';
import { LIST_SEARCH_DEBOUNCE_MS } from '../../machines/list-search';
import { urlListLoader } from '../../machines/url-list';
import type { InquiryListParams } from '../../src/api/workshop-inquiries-api';
import { createInquiryListImplementations } from '../../src/views/workshop-inquiries/use-inquiry-list';
import { aTradeEvent } from '../support/workshop-inquiry-fixtures';

const emptyPage: InquiryListPage = { items: [], total: 0, page: 1, page_size: 20 };

test('a live event that arrives while a page is read makes it read again (the answer may predate it)', async () => {
  const pending: ((page: InquiryListPage) => void)[] = [];
  let emit: (event: TradeEvent) => void = () => {};
  const actor = createActor(
    inquiryListMachine.provide({
      actors: {
        loadPage: urlListLoader(
          (_: InquiryListQuery): Promise<InquiryListPage> => new Promise((resolve) => void pending.push(resolve)),
        ),
        liveEvents: fromCallback(({ sendBack }) => {
          emit = (event) => sendBack({ type: 'trade.event', event });
          return () => {};
        }),
      },
    }),
    { input: { query: { page: 1, status: '', q: '' } } },
  );
  actor.start();
  expect(pending).toHaveLength(1);
  emit(aTradeEvent(77));
  pending[0]?.(emptyPage);
  await waitFor(actor, () => pending.length === 2);
  expect(actor.getSnapshot().value).toBe('loading');
  pending[1]?.(emptyPage);
  await waitFor(actor, (snapshot) => snapshot.matches('ready'));
  expect(pending).toHaveLength(2);
  actor.stop();
});

const started: AnyActorRef[] = [];
afterEach(() => {
  for (const actor of started.splice(0)) actor.stop();
  vi.useRealTimers();
});

/** The list with the app's implementations over a fake service: every request and URL write recorded. */
function startList(query: InquiryListQuery) {
  const asked: InquiryListParams[] = [];
  const urls: { query: InquiryListQuery; replace: boolean }[] = [];
  const implementations = createInquiryListImplementations({
    api: {
      list: async (next) => {
        asked.push(next);
        return { ...emptyPage, page: next.page };
      },
    },
    live: {
      subscribe: () => () => {},
      subscribeReload: () => () => {},
      subscribeStatus: () => () => {},
      status: () => 'online',
    },
    navigate: (next, { replace }) => urls.push({ query: next, replace }),
  });
  const actor = createActor(inquiryListMachine.provide(implementations), { input: { query } }).start();
  started.push(actor);
  return { actor, asked, urls };
}

test('typing a search waits for the pause, asks once from page 1 with the status kept, and replaces the URL entry', async () => {
  vi.useFakeTimers();
  const { actor, asked, urls } = startList({ page: 4, status: 'open', q: '' });
  await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
  for (const q of ['1', '1K', '1K0 ', '1K0 6']) {
    actor.send({ type: 'filter.change', field: 'q', value: q });
    await vi.advanceTimersByTimeAsync(LIST_SEARCH_DEBOUNCE_MS - 1);
  }
  expect(asked).toHaveLength(1);
  expect(actor.getSnapshot().hasTag('busy')).toBe(true);
  await vi.advanceTimersByTimeAsync(1);
  await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
  expect(asked).toEqual([
    { page: 4, status: 'open', q: '' },
    { page: 1, status: 'open', q: '1K0 6' },
  ]);
  expect(urls.every((url) => url.replace)).toBe(true);
  expect(urls.at(-1)?.query).toEqual({ page: 1, status: 'open', q: '1K0 6' });
});

test("the router's late echo of an older write is not news; a real URL change (back) is followed", async () => {
  const { actor, asked } = startList({ page: 1, status: '', q: '' });
  await waitFor(actor, (snapshot) => snapshot.matches('ready'));
  actor.send({ type: 'filter.change', field: 'q', value: '1K0 ' });
  actor.send({ type: 'filter.change', field: 'q', value: '1K0 6' });
  // The URL holds the trimmed text: the echo of the first write is still recognised as ours.
  actor.send({ type: 'query.sync', query: { page: 1, status: '', q: '1K0' } });
  expect(actor.getSnapshot().context.query.q).toBe('1K0 6');
  await waitFor(actor, (snapshot) => snapshot.matches('ready'));
  expect(asked.at(-1)?.q).toBe('1K0 6');
  actor.send({ type: 'query.sync', query: { page: 1, status: '', q: '1K0 6' } });
  // "Back" to the list before the search.
  actor.send({ type: 'query.sync', query: { page: 2, status: 'closed', q: '' } });
  await waitFor(actor, (snapshot) => snapshot.matches('ready'));
  expect(asked.at(-1)).toEqual({ page: 2, status: 'closed', q: '' });
});

test('a search text the contract refuses (too long, a control character) is not taken', async () => {
  const { actor, urls, asked } = startList({ page: 1, status: '', q: 'Golf' });
  await waitFor(actor, (snapshot) => snapshot.matches('ready'));
  actor.send({ type: 'filter.change', field: 'q', value: 'x'.repeat(SEARCH_TEXT_MAX_LENGTH + 1) });
  actor.send({ type: 'filter.change', field: 'q', value: 'Golf\tGTI' });
  expect(actor.getSnapshot().context.query.q).toBe('Golf');
  expect(actor.getSnapshot().matches('ready')).toBe(true);
  expect(urls).toEqual([]);
  expect(asked).toHaveLength(1);
});

test('pages and filters keep the search; clearing it reloads at once on page 1 as a new URL entry', async () => {
  const { actor, asked, urls } = startList({ page: 1, status: '', q: 'Golf' });
  await waitFor(actor, (snapshot) => snapshot.matches('ready'));
  actor.send({ type: 'page.change', page: 3 });
  await waitFor(actor, (snapshot) => snapshot.matches('ready'));
  expect(asked.at(-1)).toEqual({ page: 3, status: '', q: 'Golf' });
  actor.send({ type: 'filter.change', field: 'status', value: 'quoted' });
  await waitFor(actor, (snapshot) => snapshot.matches('ready'));
  expect(asked.at(-1)).toEqual({ page: 1, status: 'quoted', q: 'Golf' });
  actor.send({ type: 'search.clear' });
  expect(actor.getSnapshot().matches('loading')).toBe(true);
  await waitFor(actor, (snapshot) => snapshot.matches('ready'));
  expect(asked.at(-1)).toEqual({ page: 1, status: 'quoted', q: '' });
  expect(urls).toEqual([
    { query: { page: 3, status: '', q: 'Golf' }, replace: false },
    { query: { page: 1, status: 'quoted', q: 'Golf' }, replace: false },
    { query: { page: 1, status: 'quoted', q: '' }, replace: false },
  ]);
});
