import { expect, test, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { FitmentLookupItem } from '../../common/contracts/fitment';
import type { PunchInRedeemed } from '../../common/contracts/punch-in';
import { newInquiryMachine, type SentInquiry } from '../../machines/new-inquiry.machine';
import type { NewInquiryDraft } from '../../machines/new-inquiry-form';
import { apiFailure } from '../support/failures';
import { quotedInquiry, supplierList } from '../support/workshop-inquiry-fixtures';

/* The DMS punch-in of the new-inquiry machine (issue 15, ADR 034). */

const redeemed: PunchInRedeemed = {
  vehicle: { vin: 'WVWZZZ1KZAW000001', hsn: '', tsn: '', description: 'VW Golf VI' },
  lines: [
    { part_number: '1K0 615 301 AA', description: 'Bremsscheibe vorne', quantity: 2, note: 'Auftrag 4711' },
    { part_number: '', description: 'Bremsbeläge vorne', quantity: 1, note: '' },
  ],
  recipient_relation_ids: [22],
  closes_in_minutes: 480,
  return_url: 'https://dms.example.com/back?job=4711',
  source: 'Werkstattplaner',
};

const ownDraft: NewInquiryDraft = {
  vehicle: { vin: '', hsn: '', tsn: '', description: 'Polo' },
  lines: [{ part_number: '', description: 'Ölfilter', quantity: '1', note: '' }],
  recipients: null,
  closes_in_minutes: 120,
};

function start(options: {
  token?: string | null;
  draft?: NewInquiryDraft | null;
  redeem?: (input: { token: string }) => Promise<PunchInRedeemed>;
}) {
  const fakes = {
    redeemPunchIn: vi.fn(options.redeem ?? (async (_input: { token: string }) => redeemed)),
    saveDraft: vi.fn(),
    clearDraft: vi.fn(),
    showInquiry: vi.fn(),
    forgetPunchInLink: vi.fn(),
    returnToDms: vi.fn(),
  };
  const machine = newInquiryMachine.provide({
    actors: {
      redeemPunchIn: fromPromise(({ input }) => fakes.redeemPunchIn(input)),
      loadSuppliers: fromPromise(async () => supplierList),
      createInquiry: fromPromise(
        async (): Promise<SentInquiry> => ({ inquiry: quotedInquiry({ id: 91 }), message: 'Sent.' }),
      ),
      lookupFitment: fromPromise(async (): Promise<FitmentLookupItem[]> => []),
    },
    delays: { fitmentDebounce: 0 },
    actions: {
      saveDraft: (_, value) => fakes.saveDraft(value),
      clearDraft: () => fakes.clearDraft(),
      showInquiry: (_, { inquiryId }) => fakes.showInquiry(inquiryId),
      forgetPunchInLink: () => fakes.forgetPunchInLink(),
      returnToDms: (_, { url }) => fakes.returnToDms(url),
    },
  });
  const actor = createActor(machine, {
    input: {
      draft: options.draft ?? null,
      punchInToken: options.token === undefined ? 'token-0123456789abcdefghij' : options.token,
    },
  });
  actor.start();
  return { actor, fakes };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

test('a punch-in link is redeemed once, fills the form, is kept as a draft and leaves the address', async () => {
  const { actor, fakes } = start({ draft: ownDraft });
  expect(actor.getSnapshot().matches('redeemingPunchIn')).toBe(true);
  await settled();
  const { context } = actor.getSnapshot();
  expect(actor.getSnapshot().matches('editing')).toBe(true);
  expect(fakes.redeemPunchIn).toHaveBeenCalledExactlyOnceWith({ token: 'token-0123456789abcdefghij' });
  expect(context.vehicle).toEqual(redeemed.vehicle);
  expect(context.lines.map(({ key: _key, ...line }) => line)).toEqual([
    { part_number: '1K0 615 301 AA', description: 'Bremsscheibe vorne', quantity: '2', note: 'Auftrag 4711' },
    { part_number: '', description: 'Bremsbeläge vorne', quantity: '1', note: '' },
  ]);
  expect(context.recipients).toEqual([22]);
  expect(context.closesInMinutes).toBe(480);
  expect(context.punchIn).toEqual({ return_url: redeemed.return_url, source: 'Werkstattplaner' });
  // The DMS's inquiry replaces the restored one; no "restored" notice for it.
  expect(context.restoredDraft).toBeNull();
  expect(fakes.saveDraft).toHaveBeenLastCalledWith(
    expect.objectContaining({ punch_in: { return_url: redeemed.return_url, source: 'Werkstattplaner' } }),
  );
  expect(fakes.forgetPunchInLink).toHaveBeenCalledTimes(1);
});

test('after sending a punched-in inquiry the browser returns to the DMS with the inquiry id, not to the inquiry page', async () => {
  const { actor, fakes } = start({});
  await settled();
  actor.send({ type: 'inquiry.send' });
  await settled();
  expect(actor.getSnapshot().matches('sent')).toBe(true);
  expect(fakes.returnToDms).toHaveBeenCalledExactlyOnceWith(
    'https://dms.example.com/back?job=4711&teileportal_inquiry_id=91',
  );
  expect(fakes.showInquiry).not.toHaveBeenCalled();
  expect(fakes.clearDraft).toHaveBeenCalled();
});

test('a refused link (used, expired, foreign) opens the form without it, keeps the own draft and says why', async () => {
  const { actor, fakes } = start({
    draft: ownDraft,
    redeem: async () => {
      throw apiFailure('This link from your DMS has already been opened.', 'punchInUsed');
    },
  });
  await settled();
  const snapshot = actor.getSnapshot();
  expect(snapshot.matches('editing')).toBe(true);
  expect(snapshot.context.punchInFailure?.messageId).toBe('punchInUsed');
  expect(snapshot.context.punchIn).toBeNull();
  expect(snapshot.context.vehicle.description).toBe('Polo');
  expect(fakes.saveDraft).not.toHaveBeenCalled();
  expect(fakes.forgetPunchInLink).toHaveBeenCalledTimes(1);

  actor.send({ type: 'punchIn.dismissFailure' });
  expect(actor.getSnapshot().context.punchInFailure).toBeNull();
  actor.send({ type: 'inquiry.send' });
  await settled();
  expect(fakes.showInquiry).toHaveBeenCalledWith(91);
  expect(fakes.returnToDms).not.toHaveBeenCalled();
});

test('without a link nothing is redeemed; a restored punched-in draft still returns to the DMS; discarding forgets the DMS', async () => {
  const punchedDraft: NewInquiryDraft = {
    ...ownDraft,
    punch_in: { return_url: 'https://dms.example.com/back', source: 'Werkstattplaner' },
  };
  const restored = start({ token: null, draft: punchedDraft });
  await settled();
  expect(restored.fakes.redeemPunchIn).not.toHaveBeenCalled();
  expect(restored.fakes.forgetPunchInLink).not.toHaveBeenCalled();
  expect(restored.actor.getSnapshot().context.punchIn?.source).toBe('Werkstattplaner');
  restored.actor.send({ type: 'inquiry.send' });
  await settled();
  expect(restored.fakes.returnToDms).toHaveBeenCalledWith('https://dms.example.com/back?teileportal_inquiry_id=91');

  const discarded = start({ token: null, draft: punchedDraft });
  await settled();
  discarded.actor.send({ type: 'draft.discard' });
  expect(discarded.actor.getSnapshot().context.punchIn).toBeNull();
  discarded.actor.send({ type: 'vehicle.change', field: 'description', value: 'Golf' });
  expect(discarded.fakes.saveDraft).toHaveBeenLastCalledWith(
    expect.not.objectContaining({ punch_in: expect.anything() }),
  );
});
