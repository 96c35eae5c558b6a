import { i18n } from '@lingui/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test } from 'vitest';
import { getShortestPaths } from 'xstate/graph';
import { parseAmount } from '../../common/contracts/money';
import type { DealerInquiry, QuoteAnswer } from '../../common/contracts/trading';
import type { AnswerDraft } from '../../machines/dealer-answer-form';
import {
  type AnswerBody,
  answerEditMachine,
  type DeclineValues,
  dealerInquiryMachine,
  declineEditMachine,
} from '../../machines/dealer-inquiry.machine';
import { toRequestFailure } from '../../machines/request-failure';
import type { DealerInquiriesApi, DealerInquiryResult } from '../../src/api/dealer-inquiries-api';
import { readAnswerDraft } from '../../src/views/dealer-inquiries/answer-draft';
import { DealerInquiryView } from '../../src/views/dealer-inquiries/DealerInquiryView';
import { createDealerInquiryImplementations } from '../../src/views/dealer-inquiries/use-dealer-inquiry';
import { aLiveSource, anAnsweredInquiry, anInquiry, aQuoteLine, aTradeEvent } from '../support/dealer-inquiry';
import { apiFailure } from '../support/failures';
import {
  controlledActors,
  fieldStepName,
  type Step as PathStep,
  pathCases,
  versionedEditState,
  withoutPrefixPaths,
} from '../support/path-replay';
import { renderInRouter } from '../support/render-in-router';

type Step = PathStep<{ lineId?: number; field?: string }>;

const USER = 5;
const today = '2026-11-25';
const oneLine = (inquiry: DealerInquiry): DealerInquiry => ({
  ...inquiry,
  lines: inquiry.lines.slice(0, 1),
  recipient: { ...inquiry.recipient, quote_lines: inquiry.recipient.quote_lines.slice(0, 1) },
});
const unseen = oneLine(anInquiry());
const seen = oneLine(anInquiry({ recipient: { status: 'seen', version: 2 } }));
const saved = oneLine(anAnsweredInquiry(1250, 3));
const theirs = oneLine(anAnsweredInquiry(3990, 5));
const declined = oneLine(anInquiry({ recipient: { status: 'declined', version: 3, decline_reason: 'Keine Teile' } }));
const conflictError = Object.assign(apiFailure('A colleague saved a newer answer meanwhile.', 'answerChanged'), {
  status: 409,
  data: theirs,
});
const networkError = apiFailure('No connection to the server.', 'networkError');
const closedError = apiFailure('The inquiry takes no more answers.', 'inquiryClosed');
const closed = oneLine({ ...anAnsweredInquiry(4990, 4), inquiry_status: 'closed' });
const answerSent = { inquiry: saved, message: 'Your quote has been sent.' };
const declineSent = { inquiry: declined, message: 'You declined the inquiry.' };
const texts: Record<string, string> = {
  priceInvalid: 'Please enter a valid amount.',
  availabilityRequired: 'Please choose the availability.',
  reasonRequired: 'Please give a reason.',
};
const PATH_TIMEOUT_MS = 20_000;

/** A step's name, with how a child ended after it (`done.actor.decline=conflict`). */
function outcomeStepName(step: Step) {
  const outcome = (step.output as { outcome?: string } | undefined)?.outcome;
  return outcome ? `${step.type.replace('xstate.', '')}=${outcome}` : fieldStepName(step);
}

/** A child's conflict outcome as the edit reads it from the 409 `error`. */
function conflictOutcome(error: Error, current: DealerInquiry, values: unknown) {
  const { messageId, message } = toRequestFailure(error);
  return { outcome: 'conflict', current, messageId, message, values };
}

beforeEach(() => sessionStorage.clear());

const paths = getShortestPaths(dealerInquiryMachine, {
  input: { inquiryId: 41, locale: 'en', today, draft: null },
  events: [
    { type: 'xstate.done.actor.loadInquiry', output: unseen },
    { type: 'xstate.error.actor.loadInquiry', error: apiFailure('No connection to the server.', 'networkError') },
    { type: 'inquiry.retry' },
    { type: 'xstate.done.actor.markSeen', output: seen },
    { type: 'line.change', lineId: 501, field: 'net_price', value: '12.50' },
    { type: 'line.change', lineId: 501, field: 'availability', value: 'branch_today' },
    { type: 'answer.send' },
    // How sending the answer (a versioned-edit child) ends; its own paths are replayed below.
    { type: 'xstate.done.actor.answer', output: { outcome: 'done', result: answerSent } },
    { type: 'xstate.done.actor.answer', output: conflictOutcome(conflictError, theirs, {}) },
    { type: 'xstate.done.actor.answer', output: { outcome: 'unsent', failure: toRequestFailure(networkError) } },
    { type: 'conflict.takeTheirs' },
    { type: 'conflict.sendMine' },
    { type: 'decline.open' },
    // How the decline dialog (a versioned-edit child) ends; its own paths are replayed below.
    { type: 'xstate.done.actor.decline', output: { outcome: 'done', result: declineSent } },
    { type: 'xstate.done.actor.decline', output: { outcome: 'cancelled' } },
    { type: 'xstate.done.actor.decline', output: conflictOutcome(conflictError, theirs, { reason: 'Keine Teile' }) },
  ] as never,
  serializeState: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      line: snapshot.context.values.lines[0] && {
        price: snapshot.context.values.lines[0].net_price,
        availability: snapshot.context.values.lines[0].availability,
      },
      errors: snapshot.context.errors,
      status: snapshot.context.inquiry?.recipient.status,
      version: snapshot.context.baseVersion,
      declineAgain: snapshot.context.declineAgain,
    }),
});

type Path = (typeof paths)[number];
type Snapshot = Path['state'];

/**
 * The page on a fake API whose requests wait until a step settles them, each under the name of the
 * actor that makes it (`loadInquiry` also for the live reload), so a path's actor outcomes replay as they are.
 */
async function renderInquiry(draft: AnswerDraft | null = null) {
  const { request, calls, isActorOutcome, settle } = controlledActors();
  const api = {
    get: () => request<DealerInquiry>('loadInquiry')(41),
    markSeen: () => request<DealerInquiry>('markSeen')(41),
    // The two versioned edits' requests, each under the name of the child that sends it.
    answer: (_id: number, answer: QuoteAnswer) => request<DealerInquiryResult, QuoteAnswer>('answer')(answer),
    decline: (_id: number, body: { version: number; reason: string }) =>
      request<DealerInquiryResult, { version: number; reason: string }>('decline')(body),
  } satisfies Pick<DealerInquiriesApi, 'get' | 'markSeen' | 'answer' | 'decline'>;
  const live = aLiveSource();
  const implementations = createDealerInquiryImplementations({
    api,
    live: live.source,
    storage: sessionStorage,
    userId: USER,
    inquiryId: 41,
  });
  await renderInRouter('/dealer/inquiries/41', () => (
    <DealerInquiryView implementations={implementations} inquiryId={41} today={today} draft={draft} />
  ));
  /** Answers the request `actor` has in flight with `output`, or fails it with `error`. */
  const resolve = (actor: string, output: unknown) => settle({ type: `xstate.done.actor.${actor}` }, output);
  const reject = (actor: string, error: Error) => settle({ type: `xstate.error.actor.${actor}`, error });
  return {
    sent: () => (calls.answer ?? []) as QuoteAnswer[],
    declines: () => (calls.decline ?? []) as { version: number; reason: string }[],
    seenCalls: () => calls.markSeen?.length ?? 0,
    live,
    isActorOutcome,
    settle,
    resolve,
    reject,
  };
}

type Rendered = Awaited<ReturnType<typeof renderInquiry>>;

/** `focusMoved`: false after a step that closed a dialog (the focus went back to the dialog's button). */
function expectScreenMatches(state: Snapshot, rendered: Rendered, focusMoved: boolean) {
  if (state.matches('loading') || state.matches('markingSeen')) {
    expect(screen.getByRole('status')).toHaveTextContent('Loading the inquiry…');
    // The form never shows before the inquiry is known.
    expect(screen.queryByRole('button', { name: 'Send quote' })).toBeNull();
  }
  if (state.matches('markingSeen')) expect(rendered.seenCalls()).toBe(1);
  if (state.matches('failed')) {
    expect(screen.getByRole('alert')).toHaveTextContent('No connection to the server.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  }
  if (!state.matches('ready')) return;
  const { context } = state;
  expect(screen.getByRole('heading', { level: 1, name: 'Inquiry from Autohaus Berger', hidden: true })).toBeVisible();
  expect(screen.getByText('104711')).toBeVisible();
  expect(screen.getByText(/VIN WVWZZZ1KZAW000001/)).toBeVisible();
  const recipientStatus = context.inquiry?.recipient.status;
  if (recipientStatus === 'declined') {
    expect(screen.getByText('You declined this inquiry. Reason: Keine Teile')).toBeVisible();
    expect(screen.queryByRole('button', { name: /Send/ })).toBeNull();
    expect(screen.queryByLabelText('Net price per unit (€), line 1')).toBeNull();
    return;
  }
  if (state.matches({ ready: { form: 'editing' } })) {
    expect(screen.getByLabelText('Net price per unit (€), line 1')).toHaveValue(context.values.lines[0]?.net_price);
    expect(screen.getByLabelText('Availability, line 1')).toHaveValue(context.values.lines[0]?.availability);
    expect(
      screen.getByRole('button', { name: recipientStatus === 'answered' ? 'Send revised quote' : 'Send quote' }),
    ).toBeEnabled();
    for (const id of Object.values(context.errors)) expect(screen.getAllByText(texts[id] ?? id)[0]).toBeVisible();
    const first = Object.keys(context.errors)[0];
    // The first field with a problem has the focus, so a keyboard user lands where to fix it.
    if (first && context.focus?.key === first && focusMoved)
      expect(document.activeElement?.id).toBe(`answer-${first.replace(/\./g, '-')}`);
    // Whatever is typed and not sent is also in the draft, so a reload keeps it.
    const draft = readAnswerDraft(sessionStorage, USER, 41);
    if (context.dirty) expect(draft?.values.lines[0]?.net_price).toBe(context.values.lines[0]?.net_price);
    else expect(draft).toBeNull();
  }
  if (state.matches({ ready: { form: 'sending' } })) {
    expect(screen.getByRole('button', { name: /Sending/ })).toHaveAttribute('aria-busy', 'true');
    // What goes out is what the form shows, in cents, with the version the entries were made on.
    const typed = parseAmount(context.values.lines[0]?.net_price ?? '', 'en');
    expect(typed.ok && typed.cents).toBeGreaterThan(0);
    expect(rendered.sent().at(-1)).toMatchObject({
      version: context.baseVersion,
      lines: [
        {
          inquiry_line_id: 501,
          offered: true,
          net_price_cents: typed.ok ? typed.cents : null,
          availability: context.values.lines[0]?.availability,
        },
      ],
    });
  }
  if (state.matches({ ready: { form: 'conflict' } })) {
    const dialog = screen.getByRole('dialog', { name: 'A colleague answered meanwhile' });
    expect(within(dialog).getByText('€39.90')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Take the colleague’s answer' })).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Send mine anyway' })).toBeVisible();
  }
  if (state.matches({ ready: { form: 'confirmingDecline' } })) {
    const dialog = screen.getByRole('dialog', { name: 'Decline this inquiry?' });
    // Opened again after a 409: the reason stays, the dialog says why, the next try goes on the current version.
    expect(within(dialog).getByLabelText('Reason')).toHaveValue(context.declineAgain?.values.reason ?? '');
    if (context.declineAgain) {
      expect(within(dialog).getByRole('alert')).toHaveTextContent(context.declineAgain.failure);
      expect(context.inquiry?.recipient.version).toBe(theirs.recipient.version);
    } else expect(within(dialog).queryByRole('alert')).toBeNull();
  }
}

/**
 * A child's outcome, reached through the page: the decline dialog is filled and confirmed (or
 * cancelled), and the request in flight answers as the outcome says (the answer itself was sent by
 * the step `answer.send` before).
 */
async function endEdit(
  rendered: Rendered,
  user: ReturnType<typeof userEvent.setup>,
  child: 'answer' | 'decline',
  output: { outcome: string; result?: unknown },
  versionRead: number | undefined,
) {
  if (child === 'decline') {
    const dialog = screen.getByRole('dialog', { name: 'Decline this inquiry?' });
    if (output.outcome === 'cancelled') {
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      return;
    }
    const reason = within(dialog).getByLabelText('Reason');
    await user.clear(reason);
    await user.type(reason, 'Keine Teile');
    await user.click(within(dialog).getByRole('button', { name: 'Decline inquiry' }));
    expect(rendered.declines().at(-1)).toEqual({ version: versionRead, reason: 'Keine Teile' });
  }
  if (output.outcome === 'done') await rendered.resolve(child, output.result);
  else await rendered.reject(child, output.outcome === 'conflict' ? conflictError : networkError);
}

async function replay(path: Path) {
  const user = userEvent.setup();
  const rendered = await renderInquiry();
  let before: Snapshot | null = null;
  for (const { event: raw, state } of path.steps) {
    const event = raw as Step;
    const versionRead = before?.context.inquiry?.recipient.version;
    before = state;
    if (event.type === 'xstate.init') {
      // The screen as it first renders.
    } else if (event.type === 'xstate.done.actor.answer' || event.type === 'xstate.done.actor.decline') {
      const child = event.type === 'xstate.done.actor.answer' ? 'answer' : 'decline';
      await endEdit(rendered, user, child, event.output as never, versionRead);
    } else if (rendered.isActorOutcome(event)) await rendered.settle(event);
    else if (event.type === 'inquiry.retry') await user.click(screen.getByRole('button', { name: 'Try again' }));
    else if (event.type === 'line.change' && event.field === 'net_price') {
      const input = screen.getByLabelText('Net price per unit (€), line 1');
      await user.clear(input);
      await user.type(input, event.value ?? '');
    } else if (event.type === 'line.change' && event.field === 'availability')
      await user.selectOptions(screen.getByLabelText('Availability, line 1'), event.value ?? '');
    else if (event.type === 'answer.send')
      await user.click(screen.getByRole('button', { name: /^Send (revised )?quote$/ }));
    else if (event.type === 'conflict.takeTheirs')
      await user.click(screen.getByRole('button', { name: 'Take the colleague’s answer' }));
    else if (event.type === 'conflict.sendMine')
      await user.click(screen.getByRole('button', { name: 'Send mine anyway' }));
    else if (event.type === 'decline.open') await user.click(screen.getByRole('button', { name: 'Decline inquiry' }));
    else throw new Error(`no way to replay ${event.type}`);
    // A dialog that closed gave the focus back to the button that opened it.
    const dialogClosed = event.type === 'xstate.done.actor.decline' || event.type.startsWith('conflict.');
    await waitFor(() => expectScreenMatches(state, rendered, !dialogClosed));
  }
}

describe('paths', () => {
  test('the traversal reaches failed, markingSeen, editing, sending, conflict, confirmingDecline (also again after a 409)', () => {
    const reached = new Set(paths.map((path) => JSON.stringify(path.state.value)));
    expect(reached).toContain(JSON.stringify('failed'));
    expect(reached).toContain(JSON.stringify('markingSeen'));
    for (const form of ['editing', 'sending', 'conflict', 'confirmingDecline'])
      expect(reached).toContain(JSON.stringify({ ready: { form, refresh: 'idle' } }));
    expect(paths.some((path) => path.state.context.declineAgain !== null)).toBe(true);
  });
  test.each(pathCases(withoutPrefixPaths(paths), outcomeStepName))(
    '%s',
    (_name, path) => replay(path),
    PATH_TIMEOUT_MS,
  );
});

test('a closed inquiry shows the answer read-only and says it is closed; no form', async () => {
  const rendered = await renderInquiry();
  await rendered.resolve('loadInquiry', { ...anAnsweredInquiry(4990, 4), inquiry_status: 'closed' });
  expect(await screen.findByText(/The inquiry closed on .* and takes no more answers\./)).toBeVisible();
  expect(screen.getByRole('table', { name: 'Your quote per line' })).toBeVisible();
  expect(screen.getByText('€49.90')).toBeVisible();
  expect(screen.queryByRole('button', { name: /Send/ })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Decline inquiry' })).toBeNull();
  expect(rendered.seenCalls()).toBe(0);
});

test('an inquiry the workshop ordered from this dealer links to the order', async () => {
  const rendered = await renderInquiry();
  await rendered.resolve('loadInquiry', { ...anAnsweredInquiry(4990, 4), inquiry_status: 'ordered', order_id: 88 });
  expect(await screen.findByText('The workshop ordered from you.')).toBeVisible();
  expect(screen.getByRole('link', { name: 'Open the order' })).toHaveAttribute('href', '/dealer/orders/88');
});

test('entries survive a reload; a language switch keeps them valid', async () => {
  const user = userEvent.setup();
  const first = await renderInquiry();
  await first.resolve('loadInquiry', seen);
  await user.type(await screen.findByLabelText('Net price per unit (€), line 1'), '1,234.50');
  await user.selectOptions(screen.getByLabelText('Availability, line 1'), 'ordered_eta');
  document.body.innerHTML = '';
  const draft = readAnswerDraft(sessionStorage, USER, 41);
  const second = await renderInquiry(draft);
  await second.resolve('loadInquiry', seen);
  expect(await screen.findByLabelText('Net price per unit (€), line 1')).toHaveValue('1,234.50');
  expect(screen.getByLabelText('Availability, line 1')).toHaveValue('ordered_eta');
  expect(screen.getByLabelText('Expected delivery date, line 1')).toBeVisible();
  await act(async () => i18n.activate('de'));
  expect(await screen.findByLabelText('Nettopreis je Stück (€), Position 1')).toHaveValue('1234,50');
});

test('a live event reloads the inquiry and keeps what is being typed', async () => {
  const user = userEvent.setup();
  const rendered = await renderInquiry();
  await rendered.resolve('loadInquiry', seen);
  const price = await screen.findByLabelText('Net price per unit (€), line 1');
  await user.type(price, '9.99');
  await act(async () => rendered.live.emit(aTradeEvent()));
  const colleague = {
    ...theirs,
    recipient: { ...theirs.recipient, quote_lines: [aQuoteLine({ net_price_cents: 3990 })] },
  };
  await rendered.resolve('loadInquiry', colleague);
  expect(await screen.findByText('This inquiry has changed')).toBeVisible();
  expect(screen.getByText(/Your entries are kept/)).toBeVisible();
  expect(screen.getByLabelText('Net price per unit (€), line 1')).toHaveValue('9.99');
  expect(screen.getByRole('button', { name: 'Send revised quote' })).toBeEnabled();
});

test('a failed send keeps the entries and lets the person send again', async () => {
  const user = userEvent.setup();
  const rendered = await renderInquiry();
  await rendered.resolve('loadInquiry', seen);
  await user.type(await screen.findByLabelText('Net price per unit (€), line 1'), '12.50');
  await user.selectOptions(screen.getByLabelText('Availability, line 1'), 'central_24h');
  await user.click(screen.getByRole('button', { name: 'Send quote' }));
  await rendered.reject('answer', apiFailure('No connection to the server.', 'networkError'));
  expect(await screen.findByRole('button', { name: 'Send quote' })).toBeEnabled();
  expect(screen.getByLabelText('Net price per unit (€), line 1')).toHaveValue('12.50');
  expect(readAnswerDraft(sessionStorage, USER, 41)?.values.lines[0]?.availability).toBe('central_24h');
  await user.click(screen.getByRole('button', { name: 'Send quote' }));
  expect(rendered.sent()).toHaveLength(2);
});

// The versioned edits' own paths (children of the page), replayed on the page.

const answerPaths = getShortestPaths(answerEditMachine, {
  input: { subject: 41, values: {} as AnswerBody, version: 2, send: true },
  events: [
    { type: 'xstate.done.actor.submit', output: answerSent },
    { type: 'xstate.error.actor.submit', error: conflictError },
    { type: 'xstate.error.actor.submit', error: closedError },
    { type: 'xstate.error.actor.submit', error: networkError },
  ] as never,
  serializeState: versionedEditState,
});

const declinePaths = getShortestPaths(declineEditMachine, {
  input: { subject: 41, values: { reason: '' }, version: 2 },
  events: [
    { type: 'edit.change', field: 'reason', value: 'Keine Teile' },
    { type: 'edit.submit' },
    { type: 'edit.cancel' },
    { type: 'xstate.error.actor.submit', error: networkError },
    { type: 'xstate.error.actor.submit', error: conflictError },
    { type: 'xstate.done.actor.submit', output: declineSent },
  ] as never,
  serializeState: versionedEditState,
});

/** A child's step as the page's request: the child's `submit` is the request named after the child. */
const asRequest = (event: Step, child: 'answer' | 'decline'): Step => ({
  ...event,
  type: event.type.replace(/\.submit$/, `.${child}`),
});

describe('sending the answer (the versioned edit, started by the form)', () => {
  test('the traversal reaches every ending of the send', () => {
    const reached = new Set(answerPaths.map((path) => JSON.stringify(path.state.value)));
    for (const state of ['submitting', 'done', 'conflict', 'refused', 'unsent'])
      expect(reached).toContain(JSON.stringify(state));
  });
  test.each(pathCases(withoutPrefixPaths(answerPaths)))(
    '%s',
    async (_name, path) => {
      const user = userEvent.setup();
      const rendered = await renderInquiry();
      await rendered.resolve('loadInquiry', seen);
      await user.type(await screen.findByLabelText('Net price per unit (€), line 1'), '12.50');
      await user.selectOptions(screen.getByLabelText('Availability, line 1'), 'branch_today');
      await user.click(screen.getByRole('button', { name: 'Send quote' }));
      for (const { event: raw, state } of path.steps) {
        const event = raw as Step;
        if (rendered.isActorOutcome(event)) await rendered.settle(asRequest(event, 'answer'));
        if (state.matches('submitting')) {
          expect(screen.getByRole('button', { name: /Sending/ })).toHaveAttribute('aria-busy', 'true');
          expect(rendered.sent().at(-1)).toMatchObject({ version: 2, lines: [{ net_price_cents: 1250 }] });
        }
        if (state.matches('done')) {
          expect(await screen.findByRole('button', { name: 'Send revised quote' })).toBeEnabled();
          expect(readAnswerDraft(sessionStorage, USER, 41)).toBeNull();
        }
        if (state.matches('conflict')) {
          const dialog = await screen.findByRole('dialog', { name: 'A colleague answered meanwhile' });
          expect(within(dialog).getByText('€39.90')).toBeVisible();
        }
        if (state.matches('refused')) {
          // The inquiry closed meanwhile: the page reloads it and offers no form any more.
          await rendered.resolve('loadInquiry', closed);
          expect(await screen.findByText(/takes no more answers/)).toBeVisible();
          expect(screen.queryByRole('button', { name: /^Send/ })).toBeNull();
        }
        if (state.matches('unsent')) {
          expect(await screen.findByRole('button', { name: 'Send quote' })).toBeEnabled();
          expect(screen.getByLabelText('Net price per unit (€), line 1')).toHaveValue('12.50');
          expect(readAnswerDraft(sessionStorage, USER, 41)?.values.lines[0]?.net_price).toBe('12.50');
        }
      }
    },
    PATH_TIMEOUT_MS,
  );
});

describe('the decline dialog (the versioned edit)', () => {
  test('the traversal reaches every state of the dialog', () => {
    const reached = new Set(declinePaths.map((path) => JSON.stringify(path.state.value)));
    for (const state of ['editing', 'submitting', 'failed', 'done', 'conflict', 'cancelled'])
      expect(reached).toContain(JSON.stringify(state));
    expect(declinePaths.some((path) => path.state.context.error === 'reasonRequired')).toBe(true);
  });
  test.each(pathCases(withoutPrefixPaths(declinePaths), fieldStepName))(
    '%s',
    async (_name, path) => {
      const user = userEvent.setup();
      const rendered = await renderInquiry();
      await rendered.resolve('loadInquiry', seen);
      await user.click(await screen.findByRole('button', { name: 'Decline inquiry' }));
      const dialog = () => screen.getByRole('dialog', { name: 'Decline this inquiry?' });
      for (const { event: raw, state } of path.steps) {
        const event = raw as Step;
        if (rendered.isActorOutcome(event)) await rendered.settle(asRequest(event, 'decline'));
        else if (event.type === 'edit.change') {
          const reason = within(dialog()).getByLabelText('Reason');
          await user.clear(reason);
          await user.type(reason, event.value ?? '');
        } else if (event.type === 'edit.submit')
          await user.click(within(dialog()).getByRole('button', { name: 'Decline inquiry' }));
        else if (event.type === 'edit.cancel')
          await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
        const { context } = state;
        await waitFor(() => {
          if (state.matches('done')) {
            expect(screen.queryByRole('dialog')).toBeNull();
            expect(screen.getByText('You declined this inquiry. Reason: Keine Teile')).toBeVisible();
          } else if (state.matches('cancelled')) {
            expect(screen.queryByRole('dialog')).toBeNull();
            expect(screen.getByRole('button', { name: 'Decline inquiry' })).toBeEnabled();
          } else if (state.matches('conflict')) {
            // The page takes the inquiry as it is now; the dialog opens again on it with the reason kept.
            expect(within(dialog()).getByLabelText('Reason')).toHaveValue('Keine Teile');
            expect(within(dialog()).getByRole('alert')).toHaveTextContent(conflictError.message);
          } else {
            expect(within(dialog()).getByLabelText('Reason')).toHaveValue((context.values as DeclineValues).reason);
            if (context.error) expect(within(dialog()).getByText(texts[context.error] ?? '')).toBeVisible();
            if (context.failure) expect(within(dialog()).getByRole('alert')).toHaveTextContent(context.failure);
            if (state.matches('submitting')) {
              expect(within(dialog()).getByRole('button', { name: /Declining/ })).toHaveAttribute('aria-busy', 'true');
              expect(rendered.declines().at(-1)).toEqual({ version: 2, reason: 'Keine Teile' });
            }
          }
        });
      }
    },
    PATH_TIMEOUT_MS,
  );
});
