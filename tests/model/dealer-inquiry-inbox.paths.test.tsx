import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { getShortestPaths } from 'xstate/graph';
import { TRADE_PAGE_SIZE } from '../../common/contracts/trading';
import {
  dealerInquiryInboxMachine,
  type InboxPage,
  type InboxQuery,
} from '../../machines/dealer-inquiry-inbox.machine';
import type { DealerInboxQuery } from '../../src/api/dealer-inquiries-api';
import { DealerInquiryInboxView } from '../../src/views/dealer-inquiries/DealerInquiryInboxView';
import { createDealerInquiryInboxImplementations } from '../../src/views/dealer-inquiries/use-dealer-inquiry-inbox';
import { aLiveSource, anInboxItem, aTradeEvent } from '../support/dealer-inquiry';
import { apiFailure } from '../support/failures';
import {
  controlledActors,
  type Step as PathStep,
  pathCases,
  stepName,
  withoutPrefixPaths,
} from '../support/path-replay';
import { renderInRouter } from '../support/render-in-router';

type Step = PathStep<{ field?: string; page?: number; event?: unknown }>;

const start: InboxQuery = { status: 'open', page: 1, q: '' };
/** One part number as a dealer types it; the server's search (ADR 028) is the server tests' matter. */
const searched = '1k0-615 301';
const searchLabel = 'Part number, description, vehicle or workshop';
const noMatches: InboxPage = { items: [], total: 0, page: 1, page_size: 20 };
const debounced = 'xstate.after.SEARCH_DEBOUNCE.dealerInquiryInbox.debouncing';
const firstPage: InboxPage = {
  items: [anInboxItem(), anInboxItem({ id: 42, workshop_name: 'Kfz Meier', status: 'answered', line_count: 5 })],
  total: 45,
  page: 1,
  page_size: 20,
};

const paths = getShortestPaths(dealerInquiryInboxMachine, {
  input: { query: start },
  events: (snapshot) =>
    [
      // A search finds nothing, or the page everything else finds.
      { type: 'xstate.done.actor.loadPage', output: snapshot.context.query.q === '' ? firstPage : noMatches },
      { type: 'xstate.error.actor.loadPage', error: apiFailure('No connection to the server.', 'networkError') },
      { type: 'list.retry' },
      { type: 'filter.change', field: 'status', value: 'answered' },
      // "Next" is offered while the loaded page has more behind it.
      ...((snapshot.context.page?.total ?? 0) > snapshot.context.query.page * TRADE_PAGE_SIZE
        ? [{ type: 'page.change', page: snapshot.context.query.page + 1 }]
        : []),
      { type: 'trade.event', event: aTradeEvent() },
      { type: 'filter.change', field: 'q', value: searched },
      { type: debounced },
      // The way out is offered where nothing matched a search.
      ...(snapshot.matches('ready') && snapshot.context.page?.total === 0 ? [{ type: 'search.clear' }] : []),
    ] as never,
  serializeState: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      query: snapshot.context.query,
      loaded: snapshot.context.page?.total ?? null,
    }),
});
type Path = (typeof paths)[number];

async function renderInbox() {
  const { request, calls, isActorOutcome, settle } = controlledActors();
  /** The queries the server was asked, in order. */
  const asked = () => (calls.loadPage ?? []) as DealerInboxQuery[];
  const urls: { query: InboxQuery; replace: boolean }[] = [];
  const live = aLiveSource();
  const implementations = createDealerInquiryInboxImplementations({
    api: {
      inbox: request<InboxPage, DealerInboxQuery>('loadPage'),
    },
    live: live.source,
    navigate: (query, { replace }) => urls.push({ query, replace }),
  });
  await renderInRouter('/dealer/inquiries', () => (
    <DealerInquiryInboxView implementations={implementations} query={start} />
  ));
  return { isActorOutcome, settle, asked, urls, live };
}

function expectScreenMatches(state: Path['state'], rendered: Awaited<ReturnType<typeof renderInbox>>) {
  const { query, page } = state.context;
  // The server is asked for the query on screen ("all" is every status) once the typing paused.
  const asked = { page: query.page, status: query.status === 'all' ? '' : query.status, q: query.q };
  if (!state.matches('debouncing')) expect(rendered.asked().at(-1)).toEqual(asked);
  // The URL carries the query at once; typing replaces its entry, everything else adds one.
  if (JSON.stringify(query) !== JSON.stringify(start)) expect(rendered.urls.at(-1)?.query).toEqual(query);
  expect(screen.getByLabelText('Show')).toHaveValue(query.status === 'all' ? '' : query.status);
  expect(screen.getByRole('searchbox', { name: searchLabel })).toHaveValue(query.q);
  const noResults = screen.queryByText(`No results for “${searched}”.`);
  if (state.matches('ready') && page?.total === 0) {
    expect(noResults).toBeVisible();
    expect(screen.getByRole('button', { name: 'Clear search' })).toBeVisible();
  } else expect(noResults).toBeNull();
  if (state.hasTag('busy')) expect(screen.getByRole('status')).toHaveTextContent('Loading inquiries…');
  if (state.matches('failed')) {
    expect(screen.getByRole('alert')).toHaveTextContent('No connection to the server.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  }
  if (page && page.total > 0 && !state.matches('failed')) {
    const table = screen.getByRole('table', { name: 'Inquiries from your customers' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    const unseen = rows[1] as HTMLElement;
    expect(within(unseen).getByRole('link', { name: 'Autohaus Berger' })).toHaveAttribute(
      'href',
      '/dealer/inquiries/41',
    );
    // Unseen stands out in words, not by colour alone.
    expect(within(unseen).getByText('New')).toBeVisible();
    expect(within(unseen).getByText('New, not opened yet')).toBeVisible();
    expect(within(unseen).getByText('104711')).toBeVisible();
    expect(within(unseen).getByText(/VW Golf VI 1\.6 TDI/)).toBeVisible();
    expect(unseen.querySelector('time')).toHaveAttribute('dateTime', '2026-11-25T10:00:00.000Z');
    // Absolute time in Berlin: 10:00 UTC is 11:00 in November.
    expect(unseen.querySelector('time')).toHaveTextContent('11:00');
    const answered = rows[2] as HTMLElement;
    expect(within(answered).queryByText('New')).toBeNull();
    expect(within(answered).getByText('Answered')).toBeVisible();
    expect(screen.getByText('45 inquiries')).toBeVisible();
  }
}

async function replay(path: Path) {
  // Keystrokes without yielding to timers: a busy machine's gaps between them must not count as a
  // pause in the typing (the check below is about the list, not the machine's speed).
  const user = userEvent.setup({ delay: null });
  const rendered = await renderInbox();
  for (const { event: raw, state } of path.steps) {
    const event = raw as Step;
    if (event.type === 'xstate.init') {
      // The first request goes out as the screen opens.
    } else if (rendered.isActorOutcome(event)) await rendered.settle(event);
    else if (event.type === 'list.retry') await user.click(screen.getByRole('button', { name: 'Try again' }));
    else if (event.type === 'filter.change' && event.field === 'status')
      await user.selectOptions(screen.getByLabelText('Show'), event.value ?? '');
    else if (event.type === 'page.change') await user.click(screen.getByRole('button', { name: 'Next' }));
    else if (event.type === 'trade.event') await act(async () => rendered.live.emit(aTradeEvent()));
    else if (event.type === 'filter.change' && event.field === 'q') {
      const field = screen.getByRole('searchbox', { name: searchLabel });
      const requests = rendered.asked().length;
      await user.clear(field);
      await user.type(field, event.value ?? '');
      // No request per keystroke: the list waits for the typing to pause.
      expect(rendered.asked()).toHaveLength(requests);
      expect(rendered.urls.at(-1)?.replace).toBe(true);
    } else if (event.type === debounced) {
      // The pause after the typing: the request goes out by itself.
      await waitFor(() => expect(rendered.asked().at(-1)?.q).toBe(state.context.query.q));
    } else if (event.type === 'search.clear') {
      await user.click(screen.getByRole('button', { name: 'Clear search' }));
      expect(rendered.urls.at(-1)?.replace).toBe(false);
    } else throw new Error(`no way to replay ${event.type}`);
    await waitFor(() => expectScreenMatches(state, rendered));
  }
}

test('the traversal reaches loading, ready and failed, and a second page and another filter', () => {
  const reached = new Set(paths.map((path) => JSON.stringify([path.state.value, path.state.context.query])));
  expect(reached).toContain(JSON.stringify(['failed', start]));
  expect(reached).toContain(JSON.stringify(['ready', { status: 'open', page: 2, q: '' }]));
  expect(reached).toContain(JSON.stringify(['ready', { status: 'answered', page: 1, q: '' }]));
  expect(reached).toContain(JSON.stringify(['ready', { status: 'open', page: 1, q: searched }]));
  expect(reached).toContain(JSON.stringify(['debouncing', { status: 'answered', page: 1, q: searched }]));
});

const nameOf = (event: Step) => (event.field ? `${event.field} change` : stepName(event));

test.each(pathCases(withoutPrefixPaths(paths.filter((path) => path.steps.length > 1)), nameOf))(
  '%s',
  (_name, path) => replay(path),
  20_000,
);
