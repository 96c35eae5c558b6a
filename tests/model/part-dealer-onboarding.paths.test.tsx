import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import { createMachine, fromPromise } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { DealerOnboardingRequest } from '../../common/contracts/dealer';
import type { captchaMachine } from '../../machines/captcha.machine';
import {
  type DealerDraft,
  type DealerEvent,
  type DealerValues,
  partDealerOnboardingMachine,
} from '../../machines/part-dealer-onboarding.machine';
import type { CaptchaProvider } from '../../src/views/captcha/captcha-provider';
import { apiFailure } from '../support/failures';
import { controllablePromise, renderInRouter } from '../support/render-in-router';

vi.mock('../../src/views/captcha/captcha-provider', () => ({
  loadCaptchaProvider: async (): Promise<CaptchaProvider> => ({
    mount: () => ({ reset: () => {}, unmount: () => {} }),
  }),
}));
const { PartDealerOnboardingView } = await import('../../src/views/part-dealer-onboarding/PartDealerOnboardingView');

/** Graph traversal cannot play the widget, so the captcha starts solved (its own tests cover it). */
const solvedCaptcha = createMachine({
  id: 'captcha',
  initial: 'solved',
  context: { value: 'answer', error: null, resetGeneration: 0 },
  states: { solved: {} },
}) as unknown as typeof captchaMachine;

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
type Step = { type: string; field?: string; value?: string; brand?: string; error?: Error };

const machine = partDealerOnboardingMachine.provide({ actors: { captcha: solvedCaptcha } });
const paths = getShortestPaths(machine, {
  input: { draft },
  events: [
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
  ] as unknown as DealerEvent[],
  serializeState: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      postcode: snapshot.context.values.postcode,
      brands: snapshot.context.brands,
      custom: snapshot.context.customBrand,
      errors: snapshot.context.errors,
    }),
  limit: 2000,
});

const texts: Record<string, string> = {
  zipRequired: 'Postal code is required',
  brandsRequired: 'Select at least one brand',
};

test('the traversal reaches the review, the submission and its end', () => {
  const reached = new Set(paths.map((path) => JSON.stringify(path.state.value)));
  for (const state of ['editing', 'reviewing', 'submitting', 'submitted'])
    expect(reached).toContain(JSON.stringify(state));
});

test.each(
  paths
    .filter((path) => path.steps.length <= 9)
    .map(
      (path) =>
        [
          path.steps
            .map((step) => step.event as Step)
            .filter((event) => event.type !== 'xstate.init')
            .map(
              (event) =>
                `${event.type.replace('xstate.', '')}${event.value ? `=${event.value}` : ''}${event.brand ? `=${event.brand}` : ''}`,
            )
            .join(' → ') || '(start)',
          path,
        ] as const,
    ),
)(
  '%s',
  async (_name, path) => {
    const user = userEvent.setup();
    const request = controllablePromise<{ message: string | undefined }>();
    const effects = { navigate: vi.fn(), sent: [] as DealerOnboardingRequest[] };
    const implementations = {
      actors: {
        captcha: solvedCaptcha,
        submit: fromPromise<{ message: string | undefined }, DealerOnboardingRequest & { status: 'UNVERIFIED' }>(
          ({ input }) => {
            effects.sent.push(input);
            return request.start();
          },
        ),
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

    for (const { event: raw, state } of path.steps) {
      const event = raw as Step;
      if (event.type === 'field.change') await user.type(screen.getByLabelText('Postal code'), event.value ?? '');
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
      else if (event.type === 'xstate.done.actor.submit')
        await act(async () => request.settle.resolve({ message: undefined }));
      else if (event.type === 'xstate.error.actor.submit') await act(async () => request.settle.reject(event.error));

      if (state.matches('editing')) {
        expect(screen.queryByRole('dialog')).toBeNull();
        for (const [target, id] of Object.entries(state.context.errors)) {
          if (id) expect(screen.getByText(texts[id] ?? id), target).toBeVisible();
        }
        if (event.type === 'form.next' && state.context.focus?.target === 'postcode')
          expect(screen.getByLabelText('Postal code')).toHaveFocus();
        for (const brand of state.context.brands) {
          if (brand !== 'Andere') expect(screen.getByRole('button', { name: `Remove ${brand}` })).toBeVisible();
        }
      }
      if (state.matches('reviewing')) {
        const dialog = await screen.findByRole('dialog', { name: 'Please check your details' });
        expect(dialog).toHaveTextContent(state.context.brands.filter((brand) => brand !== 'Andere').join(', '));
      }
      if (state.matches('submitting')) {
        expect(effects.sent.at(-1)).toMatchObject({ postcode: '80331', status: 'UNVERIFIED', recaptcha: 'answer' });
        expect(effects.sent.at(-1)).not.toHaveProperty('delivery_area_dropdown');
      }
      if (state.matches('submitted')) expect(effects.navigate).toHaveBeenCalledWith('/business-info-success');
    }
  },
  20_000,
);
