import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { getShortestPaths } from 'xstate/graph';
import type { ClaimDetail, ClaimPage, ClaimSummary } from '../../common/contracts/claims';
import { TRADE_PAGE_SIZE } from '../../common/contracts/trading';
import {
  type ClaimListSearch,
  type InsurerClaimEvent,
  insurerClaimListMachine,
  insurerClaimMachine,
  type StatementFile,
} from '../../machines/insurer-claims.machine';
import { type ListPage, urlListLoader } from '../../machines/url-list';
import { ClaimListView } from '../../src/views/insurer/ClaimListView';
import { ClaimView } from '../../src/views/insurer/ClaimView';
import type { ClaimImplementations, ClaimListImplementations } from '../../src/views/insurer/use-insurer-claims';
import { apiFailure } from '../support/failures';
import { controlledActors, type Step, stepName } from '../support/path-replay';
import { renderInRouter } from '../support/render-in-router';

/*
 * The insurer's screens (ADR 030): every shortest path of the claim and claim-list machines,
 * driven through the real views, with the API held in flight.
 */

const networkError = apiFailure('No connection to the server', 'networkError');
const serverError = apiFailure('An unexpected error occurred.', 'serverError');
const notShared = Object.assign(apiFailure('Not found.', 'notFound'), { status: 404 });

const NUMBER = 'SCH-2026/004711';
const golf = { vin: 'WVWZZZ1KZAW000001', hsn: '', tsn: '', description: 'VW Golf VII' };
const summary: ClaimSummary = {
  claim_number: NUMBER,
  workshop_names: ['Autohaus Becker'],
  dealer_names: ['Teile Nord GmbH', 'Teile Süd GmbH'],
  vehicles: [golf],
  order_statuses: ['delivered', 'confirmed'],
  order_count: 2,
  placed_at: '2026-11-10T08:15:00Z',
  shared_at: '2026-11-24T08:15:00Z',
  line_count: 3,
  max_delay_days: 5,
};
/** One repair, two orders from two dealers under one claim number; the second dealer cancelled a promised line. */
const claim: ClaimDetail = {
  ...summary,
  total_cents: 22570 + 3990,
  equivalent_share: 1 / 3,
  today: '2026-11-25',
  orders: [
    {
      order_id: 42,
      workshop_name: 'Autohaus Becker',
      dealer_name: 'Teile Nord GmbH',
      vehicle: golf,
      order_status: 'delivered',
      placed_at: '2026-11-10T08:15:00Z',
      shared_at: '2026-11-20T08:15:00Z',
      currency: 'EUR',
      total_cents: 22570,
      lines: [
        {
          id: 101,
          requested_part_number: '5Q0 615 301 F',
          part_number: '5Q0 615 301 F',
          brand: '',
          description: 'Bremsscheibe vorne',
          quantity: 2,
          origin: 'oe',
          net_price_cents: 8990,
          availability: 'ordered_eta',
          status: 'delivered',
          promised_on: '2026-11-15',
          eta_history: [
            { eta: '2026-11-15', at: '2026-11-10T08:15:00Z' },
            { eta: '2026-11-20', at: '2026-11-12T08:15:00Z' },
          ],
          delivered_on: '2026-11-20',
          delay_days: 5,
        },
        {
          id: 102,
          requested_part_number: '5Q0 698 151 D',
          part_number: 'ATE 13.0460-7218.2',
          brand: 'ATE',
          description: 'Bremsbeläge vorne',
          quantity: 1,
          origin: 'equivalent',
          net_price_cents: 4590,
          availability: 'branch_today',
          status: 'shipped',
          promised_on: '2026-11-10',
          eta_history: [],
          delivered_on: null,
          delay_days: 15,
        },
      ],
      events: [
        {
          id: 900,
          kind: 'line.backorder',
          inquiry_id: 77,
          order_id: 42,
          entity: 'line',
          entity_id: 101,
          before: 'confirmed',
          after: 'backorder',
          actor: 'Dora Händler',
          details: { eta: '2026-11-20' },
          at: '2026-11-12T08:15:00Z',
        },
      ],
    },
    {
      order_id: 43,
      workshop_name: 'Autohaus Becker',
      dealer_name: 'Teile Süd GmbH',
      vehicle: golf,
      order_status: 'confirmed',
      placed_at: '2026-11-11T09:00:00Z',
      shared_at: '2026-11-24T08:15:00Z',
      currency: 'EUR',
      total_cents: 3990,
      lines: [
        {
          id: 201,
          requested_part_number: '1K0 955 425',
          part_number: '1K0 955 425',
          brand: '',
          description: 'Wischermotor',
          quantity: 1,
          origin: 'oe',
          net_price_cents: 3990,
          availability: 'ordered_eta',
          status: 'cancelled',
          promised_on: '2026-11-23',
          eta_history: [{ eta: '2026-11-23', at: '2026-11-11T09:00:00Z' }],
          delivered_on: null,
          delay_days: null,
        },
      ],
      events: [
        {
          id: 901,
          kind: 'line.cancelled',
          inquiry_id: 78,
          order_id: 43,
          entity: 'line',
          entity_id: 201,
          before: 'confirmed',
          after: 'cancelled',
          actor: 'Sven Süd',
          details: {},
          at: '2026-11-21T10:00:00Z',
        },
      ],
    },
  ],
};
const statement: StatementFile = { bytes: new Blob(['%PDF-']), fileName: 'delay-statement-SCH-2026-004711.pdf' };

const claimPaths = getShortestPaths(insurerClaimMachine, {
  input: { claimNumber: NUMBER },
  events: [
    { type: 'xstate.done.actor.loadClaim', output: claim },
    { type: 'xstate.error.actor.loadClaim', error: networkError },
    { type: 'xstate.error.actor.loadClaim', error: notShared },
    { type: 'claim.retry' },
    { type: 'statement.download' },
    { type: 'xstate.done.actor.downloadStatement', output: statement },
    { type: 'xstate.error.actor.downloadStatement', error: serverError },
    { type: 'xstate.error.actor.downloadStatement', error: notShared },
  ] as unknown as InsurerClaimEvent[],
  serializeState: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      failure: snapshot.context.downloadFailure,
      claim: !!snapshot.context.claim,
    }),
});

test('the claim traversal reaches every state', () => {
  const reached = new Set(claimPaths.map((path) => JSON.stringify(path.state.value)));
  for (const state of ['loading', 'failed', 'gone', { ready: 'idle' }, { ready: 'downloading' }]) {
    expect(reached).toContain(JSON.stringify(state));
  }
});

test.each(
  claimPaths.map(
    (path) =>
      [
        path.steps
          .map((step) => step.event as Step)
          .filter((event) => event.type !== 'xstate.init')
          .map(stepName)
          .join(' → ') || '(start)',
        path,
      ] as const,
  ),
)('claim: %s', async (_name, path) => {
  const user = userEvent.setup();
  const { controlled, calls, settle } = controlledActors();
  const saved: StatementFile[] = [];
  const implementations: ClaimImplementations = {
    actors: {
      loadClaim: controlled<ClaimDetail, { claimNumber: string }>('loadClaim'),
      downloadStatement: controlled<StatementFile, { claimNumber: string }>('downloadStatement'),
    },
    actions: {
      saveFile: (_, file) => saved.push(file),
      showClaimNumber: (_, { claimNumber }) => shown.push(claimNumber),
    },
  };
  const shown: string[] = [];
  await renderInRouter('/claims/one-claim', () => <ClaimView implementations={implementations} claimNumber={NUMBER} />);
  let downloadsDone = 0;

  for (const { event: raw, state } of path.steps) {
    const event = raw as Step;
    if (event.type.startsWith('xstate.done') || event.type.startsWith('xstate.error')) {
      await settle(event);
      if (event.type === 'xstate.done.actor.downloadStatement') downloadsDone += 1;
    } else if (event.type === 'claim.retry') {
      await user.click(screen.getByRole('button', { name: 'Try again' }));
    } else if (event.type === 'statement.download') {
      await user.click(screen.getByRole('button', { name: 'Download delay statement (PDF)' }));
    }

    if (state.matches('loading')) {
      expect(screen.getByRole('status')).toHaveTextContent('Loading the claim…');
      expect(calls.loadClaim?.at(-1)).toEqual({ claimNumber: NUMBER });
    }
    if (state.matches('failed')) expect(screen.getByRole('alert')).toHaveTextContent('No connection to the server');
    if (state.matches('gone')) {
      expect(screen.getByText(/This claim is not shared with you \(any more\)/)).toBeVisible();
      // Nothing of the claim stays on screen once it is no longer shared.
      expect(screen.queryByRole('table')).toBeNull();
      expect(screen.queryByRole('button', { name: 'Download delay statement (PDF)' })).toBeNull();
    }
    if (state.matches('ready')) {
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Claim SCH-2026/004711');
      // Linked by its own number: the address stays.
      expect(shown).toEqual([]);
      // One claim, both orders of the repair, each with its dealer, value and parts.
      expect(screen.getByText('Order 42, Order 43')).toBeVisible();
      expect(screen.getByText('€265.60')).toBeVisible();
      expect(screen.getByRole('heading', { level: 2, name: 'Order 42 · Teile Nord GmbH' })).toBeVisible();
      expect(screen.getByRole('heading', { level: 2, name: 'Order 43 · Teile Süd GmbH' })).toBeVisible();
      const table = screen.getByRole('table', { name: 'Parts and delays, Order 42' });
      const discs = within(table).getByRole('row', { name: /5Q0 615 301 F/ });
      expect(discs).toHaveTextContent('OE part');
      expect(discs).toHaveTextContent('15 Nov 2026 → 20 Nov 2026');
      expect(discs).toHaveTextContent('5 days');
      expect(within(discs).getByText(/Backorder, new delivery date 20 Nov 2026/)).toBeVisible();
      const pads = within(table).getByRole('row', { name: /ATE 13\.0460-7218\.2/ });
      expect(pads).toHaveTextContent('Equivalent part');
      expect(pads).toHaveTextContent('instead of 5Q0 698 151 D');
      expect(pads).toHaveTextContent('15 days (still open)');
      expect(pads).toHaveTextContent('€45.90');
      // A cancelled line says cancelled, with its day, and nothing of its promise or delay.
      const wiper = within(screen.getByRole('table', { name: 'Parts and delays, Order 43' })).getByRole('row', {
        name: /1K0 955 425/,
      });
      expect(wiper).toHaveTextContent('Cancelled on 21 Nov 2026');
      expect(wiper).toHaveTextContent('€39.90');
      expect(wiper).not.toHaveTextContent('23 Nov 2026');
      expect(wiper).not.toHaveTextContent('no date promised');
      expect(screen.getByText('33.3%')).toBeVisible();
      expect(saved).toHaveLength(downloadsDone);
      if (state.context.downloadFailure) {
        expect(screen.getByRole('alert')).toHaveTextContent('An unexpected error occurred.');
      }
    }
  }
});

/** Three pages of claims (45 at 20 a page); one row per page is enough to tell them apart. */
const CLAIM_TOTAL = 45;
const LAST_PAGE = 3;
const claimPage = (page: number): ClaimPage => ({
  items: page <= LAST_PAGE ? [{ ...summary, claim_number: `SCH-2026/00471${page}` }] : [],
  total: CLAIM_TOTAL,
  page,
  page_size: TRADE_PAGE_SIZE,
});

/** From page 1, and from page 5 (an old link, or claims withdrawn meanwhile: beyond the end). */
const listPaths = [1, 5].flatMap((startPage) =>
  getShortestPaths(insurerClaimListMachine, {
    input: { query: { page: startPage } },
    events: (snapshot) => {
      const { page } = snapshot.context.query;
      const loaded = snapshot.matches('ready') ? snapshot.context.page : null;
      return [
        { type: 'xstate.done.actor.loadPage', output: claimPage(page) },
        { type: 'xstate.error.actor.loadPage', error: networkError },
        { type: 'list.retry' },
        // What the pager and the empty page offer on a loaded page.
        ...(loaded && page < LAST_PAGE && loaded.items.length > 0 ? [{ type: 'page.change', page: page + 1 }] : []),
        ...(loaded && page > 1 ? [{ type: 'page.change', page: page - 1 }] : []),
        ...(loaded && loaded.items.length === 0 ? [{ type: 'page.change', page: LAST_PAGE }] : []),
      ] as never;
    },
    serializeState: (snapshot) =>
      JSON.stringify({ value: snapshot.value, page: snapshot.context.query.page, loaded: !!snapshot.context.page }),
  }).map((path) => ({ startPage, path })),
);

test('the list traversal reaches every page, the empty page beyond the end and the way back from it', () => {
  const readyPages = new Set(
    listPaths.filter(({ path }) => path.state.matches('ready')).map(({ path }) => path.state.context.query.page),
  );
  expect([...readyPages].sort()).toEqual([1, 2, 3, 4, 5]);
  expect(listPaths.some(({ path }) => path.state.matches('failed'))).toBe(true);
});

test.each(
  listPaths.map(
    ({ startPage, path }) =>
      [
        `from page ${startPage}: ${
          path.steps
            .map((step) => step.event as Step)
            .filter((event) => event.type !== 'xstate.init')
            .map((event) =>
              event.type === 'page.change' ? `page ${(event as { page?: number }).page}` : stepName(event),
            )
            .join(' → ') || '(start)'
        }`,
        startPage,
        path,
      ] as const,
  ),
)('list %s', async (_name, startPage, path) => {
  const user = userEvent.setup();
  const { controlled, calls, settle } = controlledActors();
  const written: ClaimListSearch[] = [];
  const implementations: ClaimListImplementations = {
    actors: { loadPage: controlled<ListPage<unknown>, Record<string, unknown>>('loadPage') },
    actions: { syncUrl: (_, { query }) => written.push(query) },
  };
  await renderInRouter('/claims', () => (
    <ClaimListView implementations={implementations} search={{ page: startPage }} />
  ));
  let current = startPage;
  const expectedWrites: ClaimListSearch[] = [];
  for (const { event: raw, state } of path.steps) {
    const event = raw as Step & { page?: number };
    if (event.type.startsWith('xstate.')) {
      if (event.type !== 'xstate.init') await settle(event);
    } else if (event.type === 'list.retry') {
      await user.click(screen.getByRole('button', { name: 'Try again' }));
    } else if (event.type === 'page.change') {
      const name = event.page === current + 1 ? 'Next' : event.page === current - 1 ? 'Previous' : 'Show the last page';
      await user.click(screen.getByRole('button', { name }));
      current = event.page ?? current;
      expectedWrites.push({ page: current });
    }
    expect(written).toEqual(expectedWrites);
    if (state.matches('loading')) {
      expect(screen.getByRole('status')).toHaveTextContent('Loading claims…');
      expect(calls.loadPage?.at(-1)).toEqual({ page: current });
      // The pager stays in place while the next page loads, its buttons disabled; none before the first load.
      if (state.context.page) {
        expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
        expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
      } else {
        expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
      }
    }
    if (state.matches('failed')) expect(screen.getByRole('alert')).toHaveTextContent('No connection to the server');
    if (state.matches('ready')) {
      expect(screen.getByText(`Page ${current} of ${LAST_PAGE}`)).toBeVisible();
      expect(screen.getByText('45 claims')).toBeVisible();
      expect(screen.getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', current <= 1);
      expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', current >= LAST_PAGE);
      if (current <= LAST_PAGE) {
        const number = `SCH-2026/00471${current}`;
        const row = screen.getByRole('row', { name: new RegExp(number) });
        // The claim's address is its number, URL-encoded.
        expect(within(row).getByRole('link', { name: number })).toHaveAttribute(
          'href',
          `/claims/SCH-2026%2F00471${current}`,
        );
        expect(row).toHaveTextContent('Autohaus Becker');
        expect(row).toHaveTextContent('Delivered, Confirmed');
        expect(row).toHaveTextContent('5 days');
        expect(screen.queryByRole('button', { name: 'Show the last page' })).toBeNull();
      } else {
        // Beyond the end: no table, no "nothing shared yet", and the way to the last page.
        expect(screen.queryByRole('table')).toBeNull();
        expect(screen.getByText(`There are no claims on page ${current}.`)).toBeVisible();
        expect(screen.queryByText('No workshop has shared a claim with you yet.')).toBeNull();
        expect(screen.getByRole('button', { name: 'Show the last page' })).toBeVisible();
      }
    }
  }
});

test('no claims at all: says so, without a pager', async () => {
  const implementations: ClaimListImplementations = {
    actors: {
      loadPage: urlListLoader(
        async (input: ClaimListSearch): Promise<ClaimPage> => ({
          items: [],
          total: 0,
          page: input.page,
          page_size: TRADE_PAGE_SIZE,
        }),
      ),
    },
  };
  await renderInRouter('/claims', () => <ClaimListView implementations={implementations} search={{ page: 1 }} />);
  expect(await screen.findByText('No workshop has shared a claim with you yet.')).toBeVisible();
  expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
  expect(screen.queryByRole('table')).toBeNull();
});
