import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  type ClaimDetail,
  type ClaimPage,
  claimNumberField,
  daysBetween,
  delayDays,
  type OrderClaim,
} from '../../common/contracts/claims';
import { postLoginDestination } from '../../common/login-redirect';
import { type ClaimChangeResult, type ClaimShareInput, claimShareMachine } from '../../machines/claim-share.machine';
import {
  type ClaimListSearch,
  compactClaimListSearch,
  insurerClaimListMachine,
  insurerClaimMachine,
  lastClaimPage,
  parseClaimListSearch,
  type StatementFile,
} from '../../machines/insurer-claims.machine';
import { urlListLoader } from '../../machines/url-list';
import { apiFailure } from '../support/failures';

describe('the claim number (one valibot rule for the dialog and the server)', () => {
  test.each([
    ['SCH-2026/004711', 'SCH-2026/004711'],
    [' kh 12.345.678 ', 'KH 12.345.678'],
    ['A1B', 'A1B'],
    ['X'.repeat(30), 'X'.repeat(30)],
  ])('accepts %j as %j', (input, stored) => {
    expect(v.parse(claimNumberField, input)).toBe(stored);
  });

  test.each([
    ['', 'claimNumberRequired'],
    ['   ', 'claimNumberRequired'],
    ['AB', 'claimNumberInvalid'],
    ['X'.repeat(31), 'claimNumberInvalid'],
    ['SCH--1', 'claimNumberInvalid'],
    ['SCH 2026 // 1', 'claimNumberInvalid'],
    ['-SCH-1', 'claimNumberInvalid'],
    ['SCH-1-', 'claimNumberInvalid'],
    ['SCH_2026', 'claimNumberInvalid'],
    ['SCH\u00002026', 'claimNumberInvalid'],
  ])('refuses %j with %s', (input, message) => {
    const result = v.safeParse(claimNumberField, input);
    expect(result.success).toBe(false);
    expect(result.issues?.[0]?.message).toBe(message);
  });
});

describe('delay rules', () => {
  test('days of delay: to delivery, or to today while open; none when cancelled or never promised', () => {
    expect(daysBetween('2026-03-29', '2026-03-30')).toBe(1); // across the change to summer time
    expect(delayDays({ promisedOn: '2026-03-10', deliveredOn: '2026-03-15', cancelled: false }, '2026-04-01')).toBe(5);
    expect(delayDays({ promisedOn: '2026-03-10', deliveredOn: '2026-03-08', cancelled: false }, '2026-04-01')).toBe(0);
    expect(delayDays({ promisedOn: '2026-03-10', deliveredOn: null, cancelled: false }, '2026-03-13')).toBe(3);
    expect(delayDays({ promisedOn: '2026-03-10', deliveredOn: null, cancelled: true }, '2026-03-13')).toBeNull();
    expect(delayDays({ promisedOn: null, deliveredOn: '2026-03-15', cancelled: false }, '2026-03-13')).toBeNull();
  });
});

test('an insurer user lands on its claims unless a stored redirect says otherwise', () => {
  expect(postLoginDestination({ role: 'insurer_user', services: [] }, null)).toBe('/claims');
  expect(postLoginDestination({ role: 'insurer_user', services: [] }, '/claims/7')).toBe('/claims/7');
  expect(postLoginDestination({ role: 'workshop_user', services: [] }, null)).toBe('/dashboard');
});

const allianz: OrderClaim = {
  id: 5,
  claim_number: 'SCH-1',
  insurer_organisation_id: 31,
  insurer_name: 'Allianz',
  shared_at: '2026-03-01T10:00:00.000Z',
};
const insurers = [
  { id: 31, name: 'Allianz' },
  { id: 32, name: 'HUK' },
];

function sharePanel(
  options: {
    claim?: OrderClaim | null;
    share?: (input: ClaimShareInput) => Promise<ClaimChangeResult>;
    withdraw?: () => Promise<ClaimChangeResult>;
    noInsurers?: boolean;
  } = {},
) {
  const shared: ClaimShareInput[] = [];
  const notices: (string | undefined)[] = [];
  let loads = 0;
  const actor = createActor(
    claimShareMachine.provide({
      actors: {
        loadClaim: fromPromise(async () => {
          loads += 1;
          return { claim: options.claim ?? null, insurers: options.noInsurers ? [] : insurers };
        }),
        shareClaim: fromPromise(async ({ input }) => {
          shared.push(input);
          return options.share
            ? options.share(input)
            : { claim: { ...allianz, claim_number: input.claimNumber.toUpperCase() }, message: 'Shared' };
        }),
        withdrawClaim: fromPromise(async () =>
          options.withdraw ? options.withdraw() : { claim: null, message: 'Withdrawn' },
        ),
      },
      actions: { notifySuccess: (_, { message }) => notices.push(message) },
    }),
    { input: { orderId: 42 } },
  );
  actor.start();
  return { actor, shared, notices, loads: () => loads };
}

describe('the share panel machine', () => {
  test('checks the draft by the contract before sending, then shares and tells', async () => {
    const { actor, shared, notices } = sharePanel();
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    expect(actor.getSnapshot().can({ type: 'withdraw.open' })).toBe(false);
    actor.send({ type: 'share.open' });
    actor.send({ type: 'share.submit' });
    expect(actor.getSnapshot().context.draft).toMatchObject({
      error: 'claimNumberRequired',
      errorField: 'claim_number',
    });
    actor.send({ type: 'share.change', field: 'claimNumber', value: 'sch-1' });
    actor.send({ type: 'share.submit' });
    expect(actor.getSnapshot().context.draft).toMatchObject({
      error: 'insurerRequired',
      errorField: 'insurer_organisation_id',
    });
    actor.send({ type: 'share.change', field: 'insurerId', value: '31' });
    actor.send({ type: 'share.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    expect(shared).toEqual([{ orderId: 42, claimNumber: 'sch-1', insurerOrganisationId: 31 }]);
    expect(actor.getSnapshot().context.claim?.claim_number).toBe('SCH-1');
    expect(notices).toEqual(['Shared']);
  });

  test("a server's field refusal lands on the field; a dropped connection keeps the dialog open", async () => {
    let attempt = 0;
    const { actor } = sharePanel({
      share: async () => {
        attempt += 1;
        if (attempt === 1) throw apiFailure('Not available', 'insurerNotAvailable', 'insurer_organisation_id');
        throw apiFailure('No connection', 'networkError');
      },
    });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    actor.send({ type: 'share.open' });
    actor.send({ type: 'share.change', field: 'claimNumber', value: 'SCH-1' });
    actor.send({ type: 'share.change', field: 'insurerId', value: '32' });
    actor.send({ type: 'share.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches({ sharing: 'editing' }));
    expect(actor.getSnapshot().context.draft).toMatchObject({
      error: 'insurerNotAvailable',
      errorField: 'insurer_organisation_id',
    });
    actor.send({ type: 'share.submit' });
    await waitFor(actor, (snapshot) => snapshot.context.draft?.failure !== null);
    expect(actor.getSnapshot().matches({ sharing: 'editing' })).toBe(true);
    expect(actor.getSnapshot().context.draft?.failure).toBe('No connection');
  });

  test('withdraws after confirmation; one already withdrawn elsewhere reloads and says so', async () => {
    const { actor, notices } = sharePanel({ claim: allianz });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    actor.send({ type: 'withdraw.open' });
    actor.send({ type: 'withdraw.cancel' });
    expect(actor.getSnapshot().context.claim).toEqual(allianz);
    actor.send({ type: 'withdraw.open' });
    actor.send({ type: 'withdraw.confirm' });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    expect(actor.getSnapshot().context.claim).toBeNull();
    expect(notices).toEqual(['Withdrawn']);

    const gone = sharePanel({
      claim: allianz,
      withdraw: async () => {
        throw apiFailure('Not shared', 'claimNotShared');
      },
    });
    await waitFor(gone.actor, (snapshot) => snapshot.matches('ready'));
    gone.actor.send({ type: 'withdraw.open' });
    gone.actor.send({ type: 'withdraw.confirm' });
    await waitFor(gone.actor, (snapshot) => snapshot.matches('ready') && gone.loads() === 2);
    expect(gone.actor.getSnapshot().context.notice).toBe('claimNotShared');
  });

  test('offers no share dialog while no insurer uses the portal', async () => {
    const { actor } = sharePanel({ noInsurers: true });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    expect(actor.getSnapshot().can({ type: 'share.open' })).toBe(false);
  });
});

const claimDetail = { claim_number: 'SCH-1' } as ClaimDetail;
const notFound = () => Object.assign(apiFailure('Not found.', 'notFound'), { status: 404 });

describe("the insurer's machines", () => {
  test('the list loads, fails with the message and retries', async () => {
    let attempt = 0;
    const actor = createActor(
      insurerClaimListMachine.provide({
        actors: {
          loadPage: urlListLoader(async (_: ClaimListSearch): Promise<ClaimPage> => {
            attempt += 1;
            if (attempt === 1) throw apiFailure('No connection', 'networkError');
            return { items: [], total: 0, page: 1, page_size: 20 };
          }),
        },
      }),
      { input: { query: { page: 1 } } },
    ).start();
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe('No connection');
    actor.send({ type: 'list.retry' });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
  });

  test('pages: the page is written to the URL, its echo is not a second load, a changed URL is followed', async () => {
    const loaded: number[] = [];
    const written: ClaimListSearch[] = [];
    const actor = createActor(
      insurerClaimListMachine.provide({
        actors: {
          loadPage: urlListLoader(async (input: ClaimListSearch): Promise<ClaimPage> => {
            loaded.push(input.page);
            return { items: [], total: 45, page: input.page, page_size: 20 };
          }),
        },
        actions: { syncUrl: (_, { query }) => written.push(query) },
      }),
      { input: { query: { page: 2 } } },
    ).start();
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    actor.send({ type: 'page.change', page: 3 });
    actor.send({ type: 'page.change', page: 0 });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    expect(written).toEqual([{ page: 3 }, { page: 1 }]);
    // The router's late echoes of both writes change nothing.
    actor.send({ type: 'query.sync', query: { page: 3 } });
    actor.send({ type: 'query.sync', query: { page: 1 } });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(actor.getSnapshot().context.query.page).toBe(1);
    // "Back" to page 2.
    actor.send({ type: 'query.sync', query: { page: 2 } });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    expect(loaded).toEqual([2, 3, 1, 2]);
    expect(actor.getSnapshot().context.page?.page).toBe(2);
  });

  test("the URL's page: read by the contract's rule (anything else is page 1), written only when not 1", () => {
    expect(parseClaimListSearch({ page: 3 })).toEqual({ page: 3 });
    expect(parseClaimListSearch({ page: '4' })).toEqual({ page: 4 });
    for (const page of [0, -1, 'x', '1e3', 1.5, null]) expect(parseClaimListSearch({ page })).toEqual({ page: 1 });
    expect(compactClaimListSearch({ page: 1 })).toEqual({});
    expect(compactClaimListSearch({ page: 5 })).toEqual({ page: 5 });
  });

  test('the last page', () => {
    const page = (total: number) => ({ items: [], total, page: 1, page_size: 20 });
    expect([0, 1, 20, 21, 45, 60].map((total) => lastClaimPage(page(total)))).toEqual([1, 1, 1, 2, 3, 3]);
  });

  test('the claim downloads its statement; a 404 on download (withdrawn meanwhile) leaves nothing on screen', async () => {
    const saved: StatementFile[] = [];
    let downloads = 0;
    const file = { bytes: new Blob(['%PDF-']), fileName: 'delay-statement-SCH-1.pdf' };
    const actor = createActor(
      insurerClaimMachine.provide({
        actors: {
          loadClaim: fromPromise(async () => claimDetail),
          downloadStatement: fromPromise(async () => {
            downloads += 1;
            if (downloads === 2) throw apiFailure('Server error', 'serverError');
            if (downloads === 3) throw notFound();
            return file;
          }),
        },
        actions: { saveFile: (_, params) => saved.push(params) },
      }),
      { input: { claimNumber: 'SCH-1' } },
    ).start();
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'idle' }));
    actor.send({ type: 'statement.download' });
    await waitFor(actor, (snapshot) => saved.length === 1 && snapshot.matches({ ready: 'idle' }));
    expect(saved).toEqual([file]);
    actor.send({ type: 'statement.download' });
    await waitFor(actor, (snapshot) => snapshot.context.downloadFailure !== null);
    expect(actor.getSnapshot().context.downloadFailure).toBe('Server error');
    actor.send({ type: 'statement.download' });
    await waitFor(actor, (snapshot) => snapshot.matches('gone'));
    expect(actor.getSnapshot().context.claim).toBeNull();
  });

  test('a claim not shared (any more) is gone, not an error to retry', async () => {
    const actor = createActor(
      insurerClaimMachine.provide({
        actors: {
          loadClaim: fromPromise<ClaimDetail, { claimNumber: string }>(async () => {
            throw notFound();
          }),
          downloadStatement: fromPromise(async () => ({ bytes: new Blob(), fileName: 'x.pdf' })),
        },
      }),
      { input: { claimNumber: 'SCH-9' } },
    ).start();
    await waitFor(actor, (snapshot) => snapshot.matches('gone'));
    expect(actor.getSnapshot().status).toBe('done');
  });

  test('an old link by share id shows its claim and its own address; the statement is asked for by number', async () => {
    const shown: string[] = [];
    const asked: string[] = [];
    const actor = createActor(
      insurerClaimMachine.provide({
        actors: {
          loadClaim: fromPromise<ClaimDetail, { claimNumber: string }>(async ({ input }) => {
            asked.push(input.claimNumber);
            return claimDetail;
          }),
          downloadStatement: fromPromise<StatementFile, { claimNumber: string }>(async ({ input }) => {
            asked.push(input.claimNumber);
            return { bytes: new Blob(), fileName: 'x.pdf' };
          }),
        },
        actions: { showClaimNumber: (_, { claimNumber }) => shown.push(claimNumber) },
      }),
      { input: { claimNumber: '17' } },
    ).start();
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'idle' }));
    expect(shown).toEqual(['SCH-1']);
    expect(actor.getSnapshot().context.claimNumber).toBe('SCH-1');
    actor.send({ type: 'statement.download' });
    await waitFor(actor, (snapshot) => asked.length === 2 && snapshot.matches({ ready: 'idle' }));
    expect(asked).toEqual(['17', 'SCH-1']);
  });

  test('a link by the claim number itself keeps its address', async () => {
    const shown: string[] = [];
    const actor = createActor(
      insurerClaimMachine.provide({
        actors: { loadClaim: fromPromise(async () => claimDetail) },
        actions: { showClaimNumber: (_, { claimNumber }) => shown.push(claimNumber) },
      }),
      { input: { claimNumber: 'SCH-1' } },
    ).start();
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'idle' }));
    expect(shown).toEqual([]);
  });
});
