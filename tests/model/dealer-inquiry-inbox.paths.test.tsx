import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { getShortestPaths } from 'xstate/graph';
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
import { controllablePromise, renderInRouter } from '../support/render-in-router';

type Step = { type: string; output?: InboxPage; error?: Error; status?: string; page?: number; event?: unknown };

const start: InboxQuery = { status: 'open', page: 1 };
const firstPage: InboxPage = {
  items: [anInboxItem(), anInboxItem({ id: 42, workshop_name: 'Kfz Meier', status: 'answered', line_count: 5 })],
  total: 45,
  page: 1,
  page_size: 20,
};

const paths = getShortestPaths(dealerInquiryInboxMachine, {
  input: { query: start },
  events: [
    { type: 'xstate.done.actor.loadInbox', output: firstPage },
    { type: 'xstate.error.actor.loadInbox', error: apiFailure('No connection to the server.', 'networkError') },
    { type: 'list.retry' },
    { type: 'filter.change', status: 'answered' },
    { type: 'page.change', page: 2 },
    { type: 'trade.event', event: aTradeEvent() },
  ] as never,
  serializeState: (snapshot) =>
    JSON.stringify({ value: snapshot.value, query: snapshot.context.query, loaded: snapshot.context.page !== null }),
});
type Path = (typeof paths)[number];

async function renderInbox() {
  const load = controllablePromise<InboxPage>();
  const asked: DealerInboxQuery[] = [];
  const urls: InboxQuery[] = [];
  const live = aLiveSource();
  const implementations = createDealerInquiryInboxImplementations({
    api: {
      inbox: (query) => {
        asked.push(query);
        return load.start();
      },
    },
    live: live.source,
    navigate: (query) => urls.push(query),
  });
  await renderInRouter('/dealer/inquiries', () => (
    <DealerInquiryInboxView implementations={implementations} query={start} />
  ));
  return { load, asked, urls, live };
}

function expectScreenMatches(state: Path['state'], rendered: Awaited<ReturnType<typeof renderInbox>>) {
  const { query, page } = state.context;
  // The server is asked for the query on screen ("all" is every status), and the URL carries it.
  expect(rendered.asked.at(-1)).toEqual({ page: query.page, status: query.status === 'all' ? '' : query.status });
  if (query.status !== start.status || query.page !== start.page) expect(rendered.urls.at(-1)).toEqual(query);
  expect(screen.getByLabelText('Show')).toHaveValue(query.status === 'all' ? '' : query.status);
  if (state.hasTag('busy')) expect(screen.getByRole('status')).toHaveTextContent('Loading inquiries…');
  if (state.matches({ list: 'failed' })) {
    expect(screen.getByRole('alert')).toHaveTextContent('No connection to the server.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  }
  if (page && !state.matches({ list: 'failed' })) {
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
  const user = userEvent.setup();
  const rendered = await renderInbox();
  for (const { event: raw, state } of path.steps) {
    const event = raw as Step;
    if (event.type === 'xstate.init') {
      // The first request goes out as the screen opens.
    } else if (event.type === 'xstate.done.actor.loadInbox')
      await act(async () => rendered.load.settle.resolve(event.output as InboxPage));
    else if (event.type === 'xstate.error.actor.loadInbox')
      await act(async () => rendered.load.settle.reject(event.error));
    else if (event.type === 'list.retry') await user.click(screen.getByRole('button', { name: 'Try again' }));
    else if (event.type === 'filter.change')
      await user.selectOptions(screen.getByLabelText('Show'), event.status ?? '');
    else if (event.type === 'page.change') await user.click(screen.getByRole('button', { name: 'Next' }));
    else if (event.type === 'trade.event') await act(async () => rendered.live.emit(aTradeEvent()));
    else throw new Error(`no way to replay ${event.type}`);
    await waitFor(() => expectScreenMatches(state, rendered));
  }
}

test('the traversal reaches loading, ready and failed, and a second page and another filter', () => {
  const reached = new Set(paths.map((path) => JSON.stringify([path.state.value, path.state.context.query])));
  expect(reached).toContain(JSON.stringify([{ list: 'failed' }, start]));
  expect(reached).toContain(JSON.stringify([{ list: 'ready' }, { status: 'open', page: 2 }]));
  expect(reached).toContain(JSON.stringify([{ list: 'ready' }, { status: 'answered', page: 1 }]));
});

test.each(
  paths
    .filter((path) => path.steps.length > 1)
    .map(
      (path) =>
        [
          path.steps
            .slice(1)
            .map((step) => (step.event as Step).type.replace('xstate.', ''))
            .join(' → '),
          path,
        ] as const,
    ),
)('%s', (_name, path) => replay(path), 20_000);
