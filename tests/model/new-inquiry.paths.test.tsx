import { i18n } from '@lingui/core';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import { fromPromise, initialTransition, transition } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { FitmentLookupItem } from '../../common/contracts/fitment';
import type { MessageId } from '../../common/contracts/message-ids';
import type { PunchInRedeemed } from '../../common/contracts/punch-in';
import type { SupplierList } from '../../common/contracts/suppliers';
import type { InquiryCreate } from '../../common/contracts/trading';
import { checkVin } from '../../common/vehicle/vin';
import { type NewInquiryEvent, newInquiryMachine, type SentInquiry } from '../../machines/new-inquiry.machine';
import {
  chosenRecipients,
  type FitmentQuery,
  formErrors,
  inquiryBodyOf,
  type NewInquiryDraft,
} from '../../machines/new-inquiry-form';
import { messageCatalog } from '../../src/i18n/message-catalog';
import { NewInquiryView } from '../../src/views/workshop-inquiries/NewInquiryView';
import { newInquiryDraftStore } from '../../src/views/workshop-inquiries/new-inquiry-draft';
import { createNewInquiryImplementations } from '../../src/views/workshop-inquiries/use-new-inquiry';
import { apiFailure } from '../support/failures';
import {
  controlledActors,
  type Step as PathStep,
  pathCases,
  pathName,
  stepName,
  withoutPrefixPaths,
} from '../support/path-replay';
import { renderInRouter } from '../support/render-in-router';
import { quotedInquiry, supplierList } from '../support/workshop-inquiry-fixtures';

const text = (id: MessageId) => i18n._(messageCatalog[id]);
const networkError = apiFailure('No connection to the server', 'networkError');
const noActiveDealer: SupplierList = {
  relations: supplierList.relations.filter((relation) => relation.status !== 'active'),
  additional: [],
};
const USER_ID = 5;

type Step = PathStep<{ field?: string; relationId?: number }>;

/** A step as a test's name reads it: the value typed, the dealer ticked, the failure's message id. */
const nameOf = (step: Step) => (step.relationId !== undefined ? `${step.type}=${step.relationId}` : stepName(step));

const events = [
  { type: 'xstate.done.actor.loadSuppliers', output: supplierList },
  { type: 'xstate.done.actor.loadSuppliers', output: noActiveDealer },
  { type: 'xstate.error.actor.loadSuppliers', error: networkError },
  { type: 'suppliers.retry' },
  { type: 'vehicle.change', field: 'vin', value: 'WVWZZZ1KZAW00000I' },
  { type: 'vehicle.change', field: 'description', value: 'Golf 7 1.6 TDI' },
  { type: 'line.change', key: 0, field: 'part_number', value: '1K0 615 301 AA' },
  { type: 'recipient.toggle', relationId: 21 },
  { type: 'recipient.toggle', relationId: 22 },
  { type: 'inquiry.send' },
  { type: 'xstate.done.actor.createInquiry', output: { inquiry: quotedInquiry({ id: 91 }), message: 'Sent.' } },
  { type: 'xstate.error.actor.createInquiry', error: networkError },
] as unknown as NewInquiryEvent[];

const draft: NewInquiryDraft = {
  vehicle: { vin: '', hsn: '0603', tsn: 'BKY', description: '' },
  lines: [{ part_number: '', description: 'Ölfilter', quantity: '1', note: 'Original' }],
  recipients: [22],
  closes_in_minutes: 240,
};

const pathsFrom = (start: NewInquiryDraft | null) =>
  getShortestPaths(newInquiryMachine, {
    input: { draft: start },
    events,
    serializeState: (snapshot) =>
      // What the screen shows differently: the state, which messages sit where, a refusal, the number
      // of lines. The values typed are asserted on every step but do not make states of their own.
      JSON.stringify({
        value: snapshot.value,
        errors: snapshot.context.errors,
        failure: snapshot.context.failure?.messageId ?? null,
        lines: snapshot.context.lines.length,
        recipients: chosenRecipients(snapshot.context).length,
        complete: snapshot.can({ type: 'inquiry.send' }) && Object.keys(formErrors(snapshot.context)).length === 0,
      }),
    limit: 2000,
  });
const paths = [
  ...pathsFrom(null).map((path) => ({ path, draft: null })),
  // From a restored draft: only the first steps, to see the form filled and sent from it.
  ...pathsFrom(draft)
    .filter((path) => path.steps.length <= 4)
    .map((path) => ({ path, draft })),
];

test('the traversal reaches every state of the screen, the messages and the failure', () => {
  const reached = new Set(paths.map(({ path }) => JSON.stringify(path.state.value)));
  for (const state of ['loading', 'failed', 'noActiveDealer', 'editing', 'sending', 'sent']) {
    expect(reached).toContain(JSON.stringify(state));
  }
  const errors = new Set(paths.flatMap(({ path }) => Object.values(path.state.context.errors)));
  for (const id of ['vinInvalid', 'vehicleRequired', 'lineNeedsPartOrDescription', 'recipientsRequired'])
    expect(errors).toContain(id);
  expect(paths.some(({ path }) => path.state.context.failure?.messageId === 'networkError')).toBe(true);
});

test.each(
  paths.map(({ path, draft: start }) => [`${start ? 'draft: ' : ''}${pathName(path, nameOf)}`, path, start] as const),
)('%s', async (_name, path, start) => {
  const user = userEvent.setup();
  const { controlled, calls, isActorOutcome, settle } = controlledActors();
  const drafts = newInquiryDraftStore(localStorage, USER_ID);
  if (start) drafts.write(start);
  const showInquiry = vi.fn();
  const implementations = createNewInquiryImplementations({
    suppliers: { list: async () => supplierList },
    inquiries: {
      create: async () => ({ inquiry: quotedInquiry(), message: undefined }),
      fitment: async () => [],
      redeemPunchIn: async () => {
        throw new Error('no punch-in on this screen');
      },
    },
    drafts,
    showInquiry,
    forgetPunchInLink: () => {},
    leaveTo: () => {},
  });
  implementations.actors = {
    loadSuppliers: controlled<SupplierList, void>('loadSuppliers'),
    createInquiry: controlled<SentInquiry, InquiryCreate>('createInquiry'),
    lookupFitment: fromPromise<FitmentLookupItem[], FitmentQuery>(async () => []),
  };
  const restored = drafts.read();
  await renderInRouter('/inquiries/new', () => <NewInquiryView implementations={implementations} draft={restored} />);

  // The traversal keeps one snapshot per kind of screen; the snapshot this very sequence leads to
  // (with the values typed on the way) is computed step by step with the machine's pure transition.
  let [state] = initialTransition(newInquiryMachine, { draft: start });
  let changed = false;
  for (const { event: raw } of path.steps) {
    const event = raw as Step;
    if (event.type !== 'xstate.init') [state] = transition(newInquiryMachine, state, raw);
    if (/^(vehicle|line|recipient|closing)\./.test(event.type)) changed = true;
    if (isActorOutcome(event)) {
      await settle(event);
    } else if (event.type === 'suppliers.retry') {
      await user.click(screen.getByRole('button', { name: 'Try again' }));
    } else if (event.type === 'vehicle.change') {
      const input = screen.getByLabelText(event.field === 'vin' ? 'VIN' : 'Vehicle description');
      await user.clear(input);
      await user.type(input, event.value ?? '');
    } else if (event.type === 'line.change') {
      const line = screen.getByRole('group', { name: 'Line 1' });
      await user.type(within(line).getByLabelText('Part number'), event.value ?? '');
    } else if (event.type === 'line.add') {
      await user.click(screen.getByRole('button', { name: 'Add a line' }));
    } else if (event.type === 'line.remove') {
      await user.click(screen.getByRole('button', { name: 'Remove line 2' }));
    } else if (event.type === 'recipient.toggle') {
      const dealer = event.relationId === 21 ? 'Ostsee Teile' : 'Förde Teile';
      await user.click(screen.getByRole('checkbox', { name: dealer }));
    } else if (event.type === 'inquiry.send') {
      await user.click(screen.getByRole('button', { name: 'Send inquiry' }));
    }

    const { context } = state;
    if (state.matches('loading')) expect(screen.getByRole('status')).toHaveTextContent('Loading your dealers…');
    if (state.matches('failed')) expect(screen.getByRole('alert')).toHaveTextContent('No connection to the server');
    if (state.matches('noActiveDealer')) {
      expect(screen.getByText('No dealer can receive an inquiry yet')).toBeVisible();
      expect(screen.getByRole('link', { name: 'Go to your suppliers' })).toHaveAttribute('href', '/suppliers');
      expect(screen.queryByRole('button', { name: 'Send inquiry' })).toBeNull();
    }
    if (state.matches('editing') || state.matches('sending')) {
      expect(screen.getByLabelText('VIN')).toHaveValue(context.vehicle.vin);
      expect(screen.getByLabelText('HSN (2.1)')).toHaveValue(context.vehicle.hsn);
      expect(screen.getByLabelText('Vehicle description')).toHaveValue(context.vehicle.description);
      expect(screen.getAllByRole('group', { name: /^Line \d$/ })).toHaveLength(context.lines.length);
      const firstLine = screen.getByRole('group', { name: 'Line 1' });
      expect(within(firstLine).getByLabelText('Part number')).toHaveValue(context.lines[0]?.part_number);
      expect(within(firstLine).getByLabelText('Quantity')).toHaveValue(context.lines[0]?.quantity);
      // The inactive dealer is not offered; the chosen ones are ticked (all by default).
      expect(screen.queryByRole('checkbox', { name: 'Teile West' })).toBeNull();
      const chosen = context.recipients ?? [21, 22];
      expect(screen.getByRole('checkbox', { name: 'Ostsee Teile' }) as HTMLInputElement).toHaveProperty(
        'checked',
        chosen.includes(21),
      );
      expect(screen.getByRole('checkbox', { name: 'Förde Teile' }) as HTMLInputElement).toHaveProperty(
        'checked',
        chosen.includes(22),
      );
      expect(screen.getByRole('combobox', { name: 'Closing time' })).toHaveValue(String(context.closesInMinutes));
      // Every message of the contract sits at its field, translated.
      for (const [field, id] of Object.entries(context.errors)) {
        expect(screen.getAllByText(text(id)).length, field).toBeGreaterThan(0);
      }
      if (context.errors['vehicle.vin']) {
        expect(screen.getByLabelText('VIN')).toHaveAttribute('aria-invalid', 'true');
        // The focus moved to the first field with a message.
        if (event.type === 'inquiry.send') expect(screen.getByLabelText('VIN')).toHaveFocus();
      }
      if (Object.keys(context.errors).length === 0) {
        // Before a send only the VIN field's live check marks a field: when what is typed is wrong.
        const marked = [...document.querySelectorAll('[aria-invalid="true"]')];
        const vinWrong = checkVin(context.vehicle.vin).status === 'invalid';
        expect(marked).toEqual(vinWrong ? [screen.getByLabelText('VIN')] : []);
      }
      if (checkVin(context.vehicle.vin).suggestion) {
        expect(
          screen.getByRole('button', { name: `Did you mean ${checkVin(context.vehicle.vin).suggestion}?` }),
        ).toBeVisible();
      }
      if (context.failure) expect(screen.getByText(text('networkError'))).toBeVisible();
      if (start) expect(screen.getByText('Your unsent inquiry has been restored.')).toBeVisible();
      // The draft in the browser is what the form shows once anything changed; nothing is lost.
      if (changed) {
        expect(drafts.read()).toEqual({
          vehicle: context.vehicle,
          lines: context.lines.map(({ key: _key, ...line }) => line),
          recipients: context.recipients,
          closes_in_minutes: context.closesInMinutes,
          workshop_reference: context.reference,
        });
      } else {
        expect(drafts.read()).toEqual(start);
      }
    }
    if (state.matches('sending')) {
      expect(screen.getByRole('button', { name: 'Send inquiry' })).toHaveAttribute('aria-busy', 'true');
      expect(calls.createInquiry?.at(-1) as InquiryCreate).toEqual(inquiryBodyOf(context));
    }
    if (state.matches('sent')) {
      expect(showInquiry).toHaveBeenCalledWith(91);
      expect(drafts.read()).toBeNull();
    }
  }
});

test('a draft survives a reload: the form comes back as it was left', async () => {
  const user = userEvent.setup();
  const drafts = newInquiryDraftStore(localStorage, USER_ID);
  const implementations = createNewInquiryImplementations({
    suppliers: { list: async () => supplierList },
    inquiries: {
      create: async () => ({ inquiry: quotedInquiry(), message: undefined }),
      fitment: async () => [],
      redeemPunchIn: async () => {
        throw new Error('no punch-in on this screen');
      },
    },
    drafts,
    showInquiry: () => {},
    forgetPunchInLink: () => {},
    leaveTo: () => {},
  });
  const first = await renderInRouter('/inquiries/new', () => (
    <NewInquiryView implementations={implementations} draft={drafts.read()} />
  ));
  await user.type(await screen.findByLabelText('Vehicle description'), 'Golf 7');
  await user.click(screen.getByRole('button', { name: 'Add a line' }));
  await user.type(within(screen.getByRole('group', { name: 'Line 2' })).getByLabelText('Description'), 'Ölfilter');
  await user.click(screen.getByRole('checkbox', { name: 'Förde Teile' }));
  await user.selectOptions(screen.getByRole('combobox', { name: 'Closing time' }), '1 day');
  first.history.destroy();
  act(() => document.body.replaceChildren());

  // Another user on the same browser has no draft.
  expect(newInquiryDraftStore(localStorage, USER_ID + 1).read()).toBeNull();
  const restored = drafts.read();
  await renderInRouter('/inquiries/new', () => <NewInquiryView implementations={implementations} draft={restored} />);
  expect(await screen.findByText('Your unsent inquiry has been restored.')).toBeVisible();
  expect(screen.getByLabelText('Vehicle description')).toHaveValue('Golf 7');
  expect(within(screen.getByRole('group', { name: 'Line 2' })).getByLabelText('Description')).toHaveValue('Ölfilter');
  expect(screen.getByRole('checkbox', { name: 'Förde Teile' })).not.toBeChecked();
  expect(screen.getByRole('checkbox', { name: 'Ostsee Teile' })).toBeChecked();
  expect(screen.getByRole('combobox', { name: 'Closing time' })).toHaveValue('1440');
});

// ── Punch-in from a DMS (issue 15, ADR 034) ──────────────────────────────────────────────────────

const RETURN_URL = 'https://dms.example.com/auftrag/4711?tab=teile';
const redeemed: PunchInRedeemed = {
  vehicle: { vin: 'WVWZZZ1KZAW000001', hsn: '', tsn: '', description: 'VW Golf VI' },
  lines: [
    { part_number: '1K0 615 301 AA', description: 'Bremsscheibe vorne', quantity: 2, note: 'Auftrag 4711' },
    { part_number: '', description: 'Bremsbeläge vorne', quantity: 1, note: '' },
  ],
  recipient_relation_ids: [22],
  closes_in_minutes: null,
  return_url: RETURN_URL,
  source: 'Werkstattplaner',
};
const punchInUsed = apiFailure('This link from your DMS has already been opened.', 'punchInUsed');

const punchInEvents = [
  { type: 'xstate.done.actor.redeemPunchIn', output: redeemed },
  { type: 'xstate.error.actor.redeemPunchIn', error: punchInUsed },
  { type: 'xstate.done.actor.loadSuppliers', output: supplierList },
  { type: 'punchIn.dismissFailure' },
  { type: 'draft.discard' },
  { type: 'vehicle.change', field: 'description', value: 'Golf 7 1.6 TDI' },
  { type: 'line.change', key: 0, field: 'part_number', value: '5Q0 129 620 B' },
  { type: 'inquiry.send' },
  { type: 'xstate.done.actor.createInquiry', output: { inquiry: quotedInquiry({ id: 91 }), message: 'Sent.' } },
  { type: 'xstate.error.actor.createInquiry', error: networkError },
] as unknown as NewInquiryEvent[];

const punchInPaths = getShortestPaths(newInquiryMachine, {
  input: { draft: null, punchInToken: 'punch-in-token-0123456789' },
  events: punchInEvents,
  serializeState: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      punchIn: snapshot.context.punchIn !== null,
      punchInFailure: snapshot.context.punchInFailure?.messageId ?? null,
      failure: snapshot.context.failure?.messageId ?? null,
      lines: snapshot.context.lines.length,
      errors: snapshot.context.errors,
      complete: Object.keys(formErrors(snapshot.context)).length === 0,
    }),
  limit: 500,
});

test('the punch-in traversal reaches the redeemed form, the refused link, the return to the DMS and the plain send', () => {
  const finals = punchInPaths.filter(({ state }) => state.matches('sent'));
  expect(finals.some(({ state }) => state.context.punchIn !== null)).toBe(true);
  expect(finals.some(({ state }) => state.context.punchIn === null)).toBe(true);
  expect(punchInPaths.some(({ state }) => state.context.punchInFailure?.messageId === 'punchInUsed')).toBe(true);
  expect(punchInPaths.some(({ state }) => state.matches('redeemingPunchIn'))).toBe(true);
});

test.each(
  pathCases(withoutPrefixPaths(punchInPaths), nameOf).map(
    ([pathTitle, path]) => [`punch-in: ${pathTitle}`, path] as const,
  ),
)('%s', async (_name, path) => {
  const user = userEvent.setup();
  const { controlled, isActorOutcome, settle } = controlledActors();
  const drafts = newInquiryDraftStore(localStorage, USER_ID);
  drafts.clear();
  const showInquiry = vi.fn();
  const forgetPunchInLink = vi.fn();
  const leaveTo = vi.fn();
  const implementations = createNewInquiryImplementations({
    suppliers: { list: async () => supplierList },
    inquiries: {
      create: async () => ({ inquiry: quotedInquiry(), message: undefined }),
      fitment: async () => [],
      redeemPunchIn: async () => redeemed,
    },
    drafts,
    showInquiry,
    forgetPunchInLink,
    leaveTo,
  });
  implementations.actors = {
    redeemPunchIn: controlled<PunchInRedeemed, { token: string }>('redeemPunchIn'),
    loadSuppliers: controlled<SupplierList, void>('loadSuppliers'),
    createInquiry: controlled<SentInquiry, InquiryCreate>('createInquiry'),
    lookupFitment: fromPromise<FitmentLookupItem[], FitmentQuery>(async () => []),
  };
  await renderInRouter('/inquiries/new', () => (
    <NewInquiryView implementations={implementations} draft={null} punchInToken="punch-in-token-0123456789" />
  ));

  let [state] = initialTransition(newInquiryMachine, { draft: null, punchInToken: 'punch-in-token-0123456789' });
  for (const { event: raw } of path.steps) {
    const event = raw as Step;
    if (event.type !== 'xstate.init') [state] = transition(newInquiryMachine, state, raw);
    if (isActorOutcome(event)) {
      await settle(event);
    } else if (event.type === 'punchIn.dismissFailure') {
      await user.click(screen.getByRole('button', { name: 'Write the inquiry here' }));
    } else if (event.type === 'draft.discard') {
      await user.click(screen.getByRole('button', { name: 'Discard and start empty' }));
    } else if (event.type === 'vehicle.change') {
      const input = screen.getByLabelText('Vehicle description');
      await user.clear(input);
      await user.type(input, event.value ?? '');
    } else if (event.type === 'line.change') {
      const input = within(screen.getByRole('group', { name: 'Line 1' })).getByLabelText('Part number');
      await user.clear(input);
      await user.type(input, event.value ?? '');
    } else if (event.type === 'inquiry.send') {
      await user.click(screen.getByRole('button', { name: 'Send inquiry' }));
    }

    const { context } = state;
    if (state.matches('redeemingPunchIn')) {
      expect(screen.getByRole('status')).toHaveTextContent('Opening the inquiry from your DMS…');
      expect(forgetPunchInLink).not.toHaveBeenCalled();
    } else {
      // Redeemed or refused, the spent link leaves the address at once: a reload restores the draft instead.
      expect(forgetPunchInLink).toHaveBeenCalledTimes(1);
    }
    if (context.punchInFailure) {
      expect(screen.getByText(text('punchInUsed'))).toBeVisible();
      expect(screen.getByRole('link', { name: 'Go to your inquiries' })).toHaveAttribute('href', '/inquiries');
    } else {
      expect(screen.queryByText(text('punchInUsed'))).toBeNull();
    }
    if (state.matches('editing') || state.matches('sending')) {
      expect(screen.getByLabelText('VIN')).toHaveValue(context.vehicle.vin);
      expect(screen.getByLabelText('Vehicle description')).toHaveValue(context.vehicle.description);
      expect(screen.getAllByRole('group', { name: /^Line \d$/ })).toHaveLength(context.lines.length);
      const firstLine = within(screen.getByRole('group', { name: 'Line 1' }));
      expect(firstLine.getByLabelText('Part number')).toHaveValue(context.lines[0]?.part_number);
      expect(firstLine.getByLabelText('Quantity')).toHaveValue(context.lines[0]?.quantity);
      const fromDms = screen.queryByText('From your DMS: Werkstattplaner');
      if (context.punchIn) {
        expect(fromDms).toBeVisible();
        // The DMS named its dealer: only that one is ticked.
        expect(screen.getByRole('checkbox', { name: 'Förde Teile' })).toBeChecked();
        expect(screen.getByRole('checkbox', { name: 'Ostsee Teile' })).not.toBeChecked();
        // The token is spent: the draft carries the DMS and its return URL through a reload.
        expect(drafts.read()?.punch_in).toEqual({ return_url: RETURN_URL, source: 'Werkstattplaner' });
      } else {
        expect(fromDms).toBeNull();
        expect(drafts.read()?.punch_in ?? null).toBeNull();
      }
      if (context.failure) expect(screen.getByText(text('networkError'))).toBeVisible();
    }
    if (state.matches('sent')) {
      expect(drafts.read()).toBeNull();
      if (context.punchIn) {
        expect(leaveTo).toHaveBeenCalledWith(
          'https://dms.example.com/auftrag/4711?tab=teile&teileportal_inquiry_id=91',
        );
        expect(showInquiry).not.toHaveBeenCalled();
      } else {
        expect(showInquiry).toHaveBeenCalledWith(91);
        expect(leaveTo).not.toHaveBeenCalled();
      }
    }
  }
});

test('a reload after redeeming restores the punched-in draft (no second redeem) and still returns to the DMS', async () => {
  const user = userEvent.setup();
  const drafts = newInquiryDraftStore(localStorage, USER_ID);
  drafts.write({
    vehicle: redeemed.vehicle,
    lines: redeemed.lines.map((line) => ({ ...line, quantity: String(line.quantity) })),
    recipients: [22],
    closes_in_minutes: 120,
    punch_in: { return_url: RETURN_URL, source: 'Werkstattplaner' },
  });
  const redeemPunchIn = vi.fn();
  const leaveTo = vi.fn();
  const implementations = createNewInquiryImplementations({
    suppliers: { list: async () => supplierList },
    inquiries: {
      create: async () => ({ inquiry: quotedInquiry({ id: 92 }), message: undefined }),
      fitment: async () => [],
      redeemPunchIn,
    },
    drafts,
    showInquiry: () => {},
    forgetPunchInLink: () => {},
    leaveTo,
  });
  await renderInRouter('/inquiries/new', () => (
    <NewInquiryView implementations={implementations} draft={drafts.read()} />
  ));
  expect(await screen.findByText('From your DMS: Werkstattplaner')).toBeVisible();
  expect(screen.queryByText('Your unsent inquiry has been restored.')).toBeNull();
  expect(screen.getByLabelText('VIN')).toHaveValue('WVWZZZ1KZAW000001');
  await user.click(screen.getByRole('button', { name: 'Send inquiry' }));
  await vi.waitFor(() =>
    expect(leaveTo).toHaveBeenCalledWith('https://dms.example.com/auftrag/4711?tab=teile&teileportal_inquiry_id=92'),
  );
  expect(redeemPunchIn).not.toHaveBeenCalled();
});

test('a draft whose return URL is not an https address is not restored (the browser is never sent there)', () => {
  const drafts = newInquiryDraftStore(localStorage, USER_ID);
  localStorage.setItem(
    `newInquiryDraft:${USER_ID}`,
    JSON.stringify({ ...draft, punch_in: { return_url: 'javascript:alert(1)', source: 'x' } }),
  );
  expect(drafts.read()).toBeNull();
});
