import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import { getInitialSnapshot, getNextSnapshot } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { DealerDraft, DealerValues } from '../../common/contracts/dealer';
import { captchaMachine } from '../../machines/captcha.machine';
import {
  type DealerEvent,
  type DealerPayload,
  partDealerOnboardingMachine,
} from '../../machines/part-dealer-onboarding.machine';
import type { CaptchaProvider } from '../../src/views/captcha/captcha-provider';
import { apiFailure } from '../support/failures';
import {
  controlledActors,
  type Step as PathStep,
  pathCases,
  stepName,
  withoutPrefixPaths,
} from '../support/path-replay';
import { renderInRouter } from '../support/render-in-router';

const fakeWidget = vi.hoisted(() => ({ options: null as null | Parameters<CaptchaProvider['mount']>[1] }));

// The replay plays the widget's part: it solves and expires the captcha through the real view.
vi.mock('../../src/views/captcha/captcha-provider', () => ({
  loadCaptchaProvider: async (): Promise<CaptchaProvider> => ({
    mount: (_host, options) => {
      fakeWidget.options = options;
      return { reset: () => {}, unmount: () => {} };
    },
  }),
}));
const { PartDealerOnboardingView } = await import('../../src/views/part-dealer-onboarding/PartDealerOnboardingView');

/**
 * The real captcha, except that its reset after an edit waits longer than any replay takes: the
 * graph cannot model a timer, and the captcha's own tests cover it.
 */
const patientCaptcha = captchaMachine.provide({ delays: { CAPTCHA_RESET_DELAY: 24 * 60 * 60 * 1000 } });

const values: DealerValues = {
  first_name: 'Dieter',
  last_name: 'Händler',
  company_name: 'Teile Händler GmbH',
  email: 'dieter@teile-haendler.de',
  contact_number: '+49 89 123456',
  street: 'Industriestraße 5',
  city: 'München',
  postcode: '',
  country: 'Deutschland',
  website: '',
  steerer_dropdown: '',
  steerer_other: '',
  delivery_area_dropdown: 'regional',
  delivery_area_other: '',
  tax_id: 'DE123456789',
};
const draft: DealerDraft = { values, brands: [] };
const FAILED = 'The service is temporarily unavailable. Please try again shortly.';
type Step = PathStep<{ field?: string; brand?: string }>;

const machine = partDealerOnboardingMachine;
/** Every replay begins with the captcha solved through the view, as a dealer must. */
const solved = getNextSnapshot(machine, getInitialSnapshot(machine, { draft }), {
  type: 'captcha.solved',
  answer: 'answer',
});
const formEvents = [
  { type: 'field.change', field: 'postcode', value: '80331' },
  { type: 'brand.toggle', brand: 'BMW' },
  { type: 'brand.toggle', brand: 'Andere' },
  { type: 'customBrand.change', value: 'audi' },
  { type: 'customBrand.add' },
  { type: 'form.next' },
  { type: 'review.edit' },
  { type: 'review.confirm' },
  { type: 'xstate.done.actor.submit', output: { message: undefined } },
  { type: 'xstate.error.actor.submit', error: apiFailure(FAILED, 'serviceUnavailable') },
] as unknown as DealerEvent[];
const traversal = {
  fromState: solved,
  serializeState: (snapshot: typeof solved) =>
    JSON.stringify({
      value: snapshot.value,
      postcode: snapshot.context.values.postcode,
      brands: snapshot.context.brands,
      custom: snapshot.context.customBrand,
      errors: snapshot.context.errors,
      captcha: snapshot.context.captchaAnswer,
    }),
  limit: 2000,
};
const paths = getShortestPaths(machine, { ...traversal, events: formEvents });
/** The captcha taken back while the review is open: Confirm must return to the form instead. */
const resetDuringReview = getShortestPaths(machine, {
  ...traversal,
  events: [...formEvents, { type: 'captcha.cleared' }],
  toState: (snapshot) => snapshot.matches('editing') && snapshot.context.focus?.target === 'recaptcha',
  // Past the reset only the review's way out matters; the form without a captcha is covered above.
  stopWhen: (snapshot) => snapshot.context.captchaAnswer === null && !snapshot.matches('reviewing'),
  limit: 10_000,
});

const texts: Record<string, string> = {
  zipRequired: 'Postal code is required',
  brandsRequired: 'Select at least one brand',
  captchaRequired: 'Please confirm that you are not a robot.',
};

/** The shortest ways into each reset-during-review state: one replay per distinct length suffices. */
function shortest<TPath extends { steps: unknown[] }>(found: TPath[]) {
  const least = Math.min(...found.map((path) => path.steps.length));
  return found.filter((path) => path.steps.length === least);
}

test('the traversal reaches the review, the submission and its end, and a reset during the review', () => {
  const reached = new Set(paths.map((path) => JSON.stringify(path.state.value)));
  for (const state of ['editing', 'reviewing', 'submitting', 'submitted'])
    expect(reached).toContain(JSON.stringify(state));
  expect(resetDuringReview.length).toBeGreaterThan(0);
});

const nameOf = (event: Step) => `${stepName(event)}${event.brand ? `=${event.brand}` : ''}`;

test.each(
  pathCases(
    withoutPrefixPaths([...paths.filter((path) => path.steps.length <= 9), ...shortest(resetDuringReview)]),
    nameOf,
  ),
)(
  '%s',
  async (_name, path) => {
    const user = userEvent.setup();
    const { controlled, calls, isActorOutcome, settle } = controlledActors();
    const effects = { navigate: vi.fn() };
    const implementations = {
      actors: {
        captcha: patientCaptcha,
        submit: controlled<{ message: string | undefined }, DealerPayload>('submit'),
      },
      actions: {
        saveDraft: () => {},
        clearDraft: () => {},
        notifySuccess: () => {},
        notifyFailure: () => {},
        navigate: (_: unknown, { to }: { to: string }) => effects.navigate(to),
      },
    };
    await renderInRouter('/part-dealer-onboarding', () => (
      <PartDealerOnboardingView implementations={implementations} draft={draft} />
    ));
    fakeWidget.options = null;
    await user.click(screen.getByLabelText('Postal code'));
    await waitFor(() => expect(fakeWidget.options).not.toBeNull());
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    act(() => fakeWidget.options?.onSolved('answer'));

    for (const { event: raw, state } of path.steps) {
      const event = raw as Step;
      if (isActorOutcome(event)) await settle(event);
      else if (event.type === 'field.change') await user.type(screen.getByLabelText('Postal code'), event.value ?? '');
      else if (event.type === 'brand.toggle')
        await user.click(
          screen.getByRole('checkbox', { name: event.brand === 'Andere' ? 'Other (Andere)' : (event.brand ?? '') }),
        );
      else if (event.type === 'customBrand.change')
        await user.type(screen.getByLabelText('Further brand'), event.value ?? '');
      else if (event.type === 'customBrand.add') await user.click(screen.getByRole('button', { name: 'Add' }));
      else if (event.type === 'form.next') await user.click(screen.getByRole('button', { name: 'Next' }));
      else if (event.type === 'review.edit') await user.click(screen.getByRole('button', { name: 'Edit' }));
      else if (event.type === 'review.confirm') await user.click(screen.getByRole('button', { name: 'Confirm' }));
      else if (event.type === 'captcha.cleared') act(() => fakeWidget.options?.onExpired());

      if (state.matches('editing')) {
        expect(screen.queryByRole('dialog')).toBeNull();
        expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty(
          'disabled',
          !state.can({ type: 'form.next' }),
        );
        for (const [target, id] of Object.entries(state.context.errors)) {
          if (id) expect(screen.getByText(texts[id] ?? id), target).toBeVisible();
        }
        if (event.type === 'form.next' && state.context.focus?.target === 'postcode')
          expect(screen.getByLabelText('Postal code')).toHaveFocus();
        if (event.type === 'review.confirm') {
          expect(state.context.focus?.target).toBe('recaptcha');
          await waitFor(() => expect(document.getElementById('dealer-recaptcha')).toHaveFocus());
          expect(calls.submit ?? []).toEqual([]);
        }
        for (const brand of state.context.brands) {
          if (brand !== 'Andere') expect(screen.getByRole('button', { name: `Remove ${brand}` })).toBeVisible();
        }
      }
      if (state.matches('reviewing')) {
        const dialog = await screen.findByRole('dialog', { name: 'Please check your details' });
        expect(dialog).toHaveTextContent(state.context.brands.filter((brand) => brand !== 'Andere').join(', '));
      }
      if (state.matches('submitting')) {
        expect(calls.submit?.at(-1)).toMatchObject({ postcode: '80331', status: 'UNVERIFIED', recaptcha: 'answer' });
        expect(calls.submit?.at(-1)).not.toHaveProperty('delivery_area_dropdown');
      }
      if (state.matches('submitted')) expect(effects.navigate).toHaveBeenCalledWith('/business-info-success');
    }
  },
  20_000,
);
