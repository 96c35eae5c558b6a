import * as v from 'valibot';
import { expect, test } from 'vitest';
import { createActor, fromCallback, waitFor } from 'xstate';
import { pageQueryParam } from '../../common/contracts/admin-users';
import { searchTextParam, type TradeEvent } from '../../common/contracts/trading';
import { createUrlListMachine, type ListPage, urlListLoader } from '../../machines/url-list';
import { aTradeEvent } from '../support/workshop-inquiry-fixtures';

const schema = v.object({
  page: pageQueryParam,
  kind: v.optional(v.picklist(['', 'a', 'b']), ''),
  q: searchTextParam,
  vehicle: searchTextParam,
});
type Query = v.InferOutput<typeof schema>;
const start: Query = { page: 2, kind: 'a', q: 'Golf', vehicle: 'VI' };

/** A list over a fake service that answers at once, unless `fail` says otherwise; every request and URL write recorded. */
function startList(options: { reloadOn?: (event: TradeEvent) => boolean; fail?: () => boolean } = {}) {
  const machine = createUrlListMachine<typeof schema, string>({ id: 'testList', schema, reloadOn: options.reloadOn });
  const asked: Query[] = [];
  const urls: { query: Query; replace: boolean }[] = [];
  let emit: (event: TradeEvent) => void = () => {};
  const actor = createActor(
    machine.provide({
      actors: {
        loadPage: urlListLoader(async (query: Query): Promise<ListPage<string>> => {
          asked.push(query);
          if (options.fail?.()) throw new Error('No connection');
          return { items: ['x'], total: 1, page: query.page, page_size: 20 };
        }),
        liveEvents: fromCallback(({ sendBack }) => {
          emit = (event) => sendBack({ type: 'trade.event', event });
        }),
      },
      actions: { syncUrl: (_, params) => urls.push(params) },
    }),
    { input: { query: start } },
  ).start();
  return { actor, asked, urls, emit: (event: TradeEvent) => emit(event) };
}

test('a list without live events needs no subscription; its first page is the URL query', async () => {
  const machine = createUrlListMachine<typeof schema, string>({ id: 'quietList', schema });
  const asked: Query[] = [];
  const actor = createActor(
    machine.provide({
      actors: {
        loadPage: urlListLoader(async (query: Query) => {
          asked.push(query);
          return { items: [], total: 0, page: query.page, page_size: 20 };
        }),
      },
    }),
    { input: { query: start } },
  ).start();
  await waitFor(actor, (snapshot) => snapshot.matches('ready'));
  expect(asked).toEqual([start]);
  actor.stop();
});

test('a filter the schema refuses is not taken; one it accepts loads page 1 as a new URL entry', async () => {
  const { actor, asked, urls } = startList();
  await waitFor(actor, (snapshot) => snapshot.matches('ready'));
  actor.send({ type: 'filter.change', field: 'kind', value: 'c' });
  actor.send({ type: 'filter.change', field: 'q', value: 'a\u0007b' });
  expect(actor.getSnapshot().matches('ready')).toBe(true);
  expect(urls).toEqual([]);
  actor.send({ type: 'filter.change', field: 'kind', value: 'b' });
  expect(actor.getSnapshot().matches('loading')).toBe(true);
  await waitFor(actor, (snapshot) => snapshot.matches('ready'));
  expect(asked.at(-1)).toEqual({ ...start, page: 1, kind: 'b' });
  expect(urls).toEqual([{ query: { ...start, page: 1, kind: 'b' }, replace: false }]);
  actor.stop();
});

test('every text field waits for the typing to pause and replaces the URL entry; clearing empties them all', async () => {
  const { actor, asked, urls } = startList();
  await waitFor(actor, (snapshot) => snapshot.matches('ready'));
  actor.send({ type: 'filter.change', field: 'vehicle', value: 'Polo' });
  expect(actor.getSnapshot().matches('debouncing')).toBe(true);
  expect(urls.at(-1)).toEqual({ query: { ...start, page: 1, vehicle: 'Polo' }, replace: true });
  await waitFor(actor, (snapshot) => snapshot.matches('ready'));
  expect(asked).toHaveLength(2);
  actor.send({ type: 'search.clear' });
  await waitFor(actor, (snapshot) => snapshot.matches('ready'));
  expect(asked.at(-1)).toEqual({ page: 1, kind: 'a', q: '', vehicle: '' });
  expect(urls.at(-1)?.replace).toBe(false);
  actor.stop();
});

test('no page change before a page is loaded; after one, the page is kept at 1 or above', async () => {
  const { actor, asked } = startList();
  actor.send({ type: 'page.change', page: 5 });
  await waitFor(actor, (snapshot) => snapshot.matches('ready'));
  expect(asked).toEqual([start]);
  actor.send({ type: 'page.change', page: -3 });
  await waitFor(actor, (snapshot) => snapshot.matches('ready'));
  expect(asked.at(-1)?.page).toBe(1);
  actor.stop();
});

test('only the live events the list names reload it; one during a load reads again; one after a failure retries', async () => {
  let failing = false;
  const { actor, asked, emit } = startList({ reloadOn: (event) => event.order_id !== null, fail: () => failing });
  await waitFor(actor, (snapshot) => snapshot.matches('ready'));
  emit({ ...aTradeEvent(1), order_id: null });
  expect(actor.getSnapshot().matches('ready')).toBe(true);
  emit({ ...aTradeEvent(2), order_id: 7 });
  expect(actor.getSnapshot().matches('loading')).toBe(true);
  // Heard while loading: the answer may predate it.
  emit({ ...aTradeEvent(3), order_id: 7 });
  await waitFor(actor, (snapshot) => snapshot.matches('ready'));
  expect(asked).toHaveLength(3);
  failing = true;
  actor.send({ type: 'page.change', page: 3 });
  await waitFor(actor, (snapshot) => snapshot.matches('failed'));
  expect(actor.getSnapshot().context.error).toBe('No connection');
  failing = false;
  emit({ ...aTradeEvent(4), order_id: 7 });
  await waitFor(actor, (snapshot) => snapshot.matches('ready'));
  expect(actor.getSnapshot().context.error).toBeNull();
  expect(asked).toHaveLength(5);
  actor.stop();
});
