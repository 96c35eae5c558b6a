import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { DealerDraft, DealerValues } from '../../common/contracts/dealer';
import { partDealerOnboardingMachine } from '../../machines/part-dealer-onboarding.machine';
import { dealerRegistration } from '../support/dealer';
import { apiFailure } from '../support/failures';

const filled: DealerValues = {
  first_name: 'Dieter',
  last_name: 'Händler',
  company_name: 'Teile Händler GmbH',
  email: 'Dieter@Teile-Haendler.de',
  contact_number: '+49 89 123456',
  street: 'Industriestraße 5',
  city: 'München',
  postcode: '80331',
  country: 'Deutschland',
  website: '',
  steerer_dropdown: 'other',
  steerer_other: 'Eigene Steuerung',
  delivery_area_dropdown: 'regional',
  delivery_area_other: '',
  tax_id: 'DE123456789',
};

function start(options: { draft?: DealerDraft | null; fail?: boolean } = {}) {
  const effects = {
    submit: vi.fn(),
    drafts: [] as DealerDraft[],
    navigate: vi.fn(),
    notifyFailure: vi.fn(),
    cleared: 0,
  };
  const actor = createActor(
    partDealerOnboardingMachine.provide({
      actors: {
        submit: fromPromise(async ({ input }) => {
          effects.submit(input);
          if (options.fail) throw apiFailure('Der Dienst ist vorübergehend nicht erreichbar.');
          return { message: 'Danke' };
        }),
      },
      actions: {
        saveDraft: (_, draft) => void effects.drafts.push(draft),
        clearDraft: () => {
          effects.cleared += 1;
        },
        navigate: (_, { to }) => effects.navigate(to),
        notifyFailure: (_, { message }) => effects.notifyFailure(message),
        notifySuccess: () => {},
      },
    }),
    { input: { draft: options.draft ?? null } },
  ).start();
  const solveCaptcha = () => actor.getSnapshot().context.captcha.send({ type: 'captcha.solved', value: 'answer' });
  return { actor, effects, solveCaptcha };
}

describe('validation on Next', () => {
  test('Next does nothing until the captcha is solved', () => {
    const { actor } = start();
    actor.send({ type: 'form.next' });
    expect(actor.getSnapshot().context.errors).toEqual({});
  });

  test('shows every error and focuses the first invalid field in spec order', () => {
    const { actor, solveCaptcha } = start();
    solveCaptcha();
    actor.send({ type: 'form.next' });
    const { errors, focus } = actor.getSnapshot().context;
    expect(errors).toMatchObject({
      first_name: 'firstNameRequired',
      last_name: 'lastNameRequired',
      company_name: 'companyNameRequired',
      street: 'addressRequired',
      city: 'cityRequired',
      tax_id: 'taxIdRequired',
      email: 'emailRequired',
      contact_number: 'phoneRequired',
      postcode: 'zipRequired',
      country: 'countryRequired',
      delivery_area_dropdown: 'deliveryAreaRequired',
      brands: 'brandsRequired',
    });
    expect(focus?.target).toBe('first_name');
  });

  test('focus follows the order: brands, then the captcha', () => {
    const { actor, solveCaptcha } = start({ draft: { values: filled, brands: [] } });
    solveCaptcha();
    actor.send({ type: 'form.next' });
    expect(actor.getSnapshot().context.focus?.target).toBe('brands');
  });

  test('"other" delivery area needs its text', () => {
    const { actor, solveCaptcha } = start({
      draft: { values: { ...filled, delivery_area_dropdown: 'other' }, brands: ['BMW'] },
    });
    solveCaptcha();
    actor.send({ type: 'form.next' });
    expect(actor.getSnapshot().context.errors).toEqual({ delivery_area_other: 'deliveryAreaRequired' });
    expect(actor.getSnapshot().context.focus?.target).toBe('delivery_area_other');
  });

  test.each([
    ['email', 'no-dot@x', 'emailInvalid'],
    ['contact_number', '+49 12', 'phoneInvalid'],
    ['postcode', '123', 'zipInvalid'],
    ['website', 'not a site', 'websiteInvalid'],
  ] as const)('%s = %j gives %s', (field, value, error) => {
    const { actor, solveCaptcha } = start({ draft: { values: { ...filled, [field]: value }, brands: ['BMW'] } });
    solveCaptcha();
    actor.send({ type: 'form.next' });
    expect(actor.getSnapshot().context.errors).toEqual({ [field]: error });
  });
});

describe('live input', () => {
  test('phone keeps digits, plus and space; the postcode keeps digits', () => {
    const { actor } = start();
    actor.send({ type: 'field.change', field: 'contact_number', value: '+49 (89) 12-34/56' });
    actor.send({ type: 'field.change', field: 'postcode', value: '80a33b1' });
    expect(actor.getSnapshot().context.values).toMatchObject({ contact_number: '+49 89 123456', postcode: '80331' });
  });

  test('an error clears as soon as the field is valid, not before', () => {
    const { actor, solveCaptcha } = start({ draft: { values: { ...filled, postcode: '' }, brands: ['BMW'] } });
    solveCaptcha();
    actor.send({ type: 'form.next' });
    expect(actor.getSnapshot().context.errors).toEqual({ postcode: 'zipRequired' });
    actor.send({ type: 'field.change', field: 'postcode', value: '80' });
    expect(actor.getSnapshot().context.errors).toEqual({ postcode: 'zipRequired' });
    actor.send({ type: 'field.change', field: 'postcode', value: '8033' });
    expect(actor.getSnapshot().context.errors).toEqual({});
  });

  test('every change is kept as a draft (never the captcha)', () => {
    const { actor, effects } = start();
    actor.send({ type: 'field.change', field: 'city', value: 'Köln' });
    expect(effects.drafts.at(-1)).toEqual({ values: expect.objectContaining({ city: 'Köln' }), brands: [] });
    expect(JSON.stringify(effects.drafts)).not.toContain('answer');
  });
});

describe('brands', () => {
  test('Andere opens the custom input; a custom brand matching a listed one selects it; duplicates are ignored', () => {
    const { actor } = start();
    actor.send({ type: 'brand.toggle', brand: 'Andere' });
    actor.send({ type: 'customBrand.change', value: 'bmw' });
    actor.send({ type: 'customBrand.add' });
    actor.send({ type: 'customBrand.change', value: 'Eigenmarke X' });
    actor.send({ type: 'customBrand.add' });
    actor.send({ type: 'customBrand.change', value: 'EIGENMARKE x' });
    actor.send({ type: 'customBrand.add' });
    expect(actor.getSnapshot().context.brands).toEqual(['Andere', 'BMW', 'Eigenmarke X']);
    expect(actor.getSnapshot().context.customBrand).toBe('');
  });

  test('deselecting Andere removes every custom brand; the chip X removes one brand', () => {
    const { actor } = start();
    actor.send({ type: 'brand.toggle', brand: 'Audi' });
    actor.send({ type: 'brand.toggle', brand: 'Andere' });
    actor.send({ type: 'customBrand.change', value: 'Eigenmarke X' });
    actor.send({ type: 'customBrand.add' });
    actor.send({ type: 'brand.toggle', brand: 'Andere' });
    expect(actor.getSnapshot().context.brands).toEqual(['Audi']);
    actor.send({ type: 'brand.remove', brand: 'Audi' });
    expect(actor.getSnapshot().context.brands).toEqual([]);
  });
});

describe('review and submit', () => {
  test('valid Next opens the review; Edit returns; Confirm submits without helper fields and goes to the success page', async () => {
    const { actor, effects, solveCaptcha } = start({
      draft: { values: filled, brands: ['Andere', 'BMW', 'Eigenmarke X'] },
    });
    solveCaptcha();
    actor.send({ type: 'form.next' });
    expect(actor.getSnapshot().hasTag('dialogOpen')).toBe(true);
    actor.send({ type: 'review.edit' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    actor.send({ type: 'form.next' });
    actor.send({ type: 'review.confirm' });
    await vi.waitFor(() => expect(effects.navigate).toHaveBeenCalledWith('/business-info-success'));
    const sent = effects.submit.mock.calls[0]?.[0];
    expect(sent).toMatchObject({
      email: 'dieter@teile-haendler.de',
      steerer: 'Eigene Steuerung',
      delivery_area: 'regional',
      brands_served: ['BMW', 'Eigenmarke X'],
      status: 'UNVERIFIED',
      recaptcha: 'answer',
    });
    expect(Object.keys(sent)).not.toEqual(
      expect.arrayContaining(['steerer_dropdown', 'delivery_area_other', 'custom_brand']),
    );
    expect(effects.cleared).toBe(1);
  });

  test('a failed submit still goes to the success page, shows the error and keeps the draft', async () => {
    const { actor, effects, solveCaptcha } = start({ draft: { values: filled, brands: ['BMW'] }, fail: true });
    solveCaptcha();
    actor.send({ type: 'form.next' });
    actor.send({ type: 'review.confirm' });
    await vi.waitFor(() => expect(effects.navigate).toHaveBeenCalledWith('/business-info-success'));
    expect(effects.notifyFailure).toHaveBeenCalledWith('Der Dienst ist vorübergehend nicht erreichbar.');
    expect(effects.cleared).toBe(0);
  });
});

test('Confirm with a captcha reset meanwhile returns to the form and focuses the captcha', () => {
  const { actor, effects, solveCaptcha } = start({ draft: { values: filled, brands: ['BMW'] } });
  solveCaptcha();
  actor.send({ type: 'form.next' });
  actor.getSnapshot().context.captcha.send({ type: 'captcha.reset' });
  actor.send({ type: 'review.confirm' });
  expect(actor.getSnapshot().matches('editing')).toBe(true);
  expect(actor.getSnapshot().context.focus?.target).toBe('recaptcha');
  expect(effects.submit).not.toHaveBeenCalled();
});

describe('captcha', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  test('any field edit resets the solved captcha 1 s after the last edit', () => {
    const { actor, solveCaptcha } = start();
    solveCaptcha();
    actor.send({ type: 'field.change', field: 'city', value: 'K' });
    vi.advanceTimersByTime(1000);
    expect(actor.getSnapshot().context.captchaAnswer).toBeNull();
    expect(actor.getSnapshot().can({ type: 'form.next' })).toBe(false);
  });

  test('the captcha reports land in the form: solved keeps the answer, expiry takes it back', () => {
    const { actor, solveCaptcha } = start({ draft: { values: filled, brands: ['BMW'] } });
    expect(actor.getSnapshot().context.captchaAnswer).toBeNull();
    expect(actor.getSnapshot().can({ type: 'form.next' })).toBe(false);
    solveCaptcha();
    expect(actor.getSnapshot().context.captchaAnswer).toBe('answer');
    expect(actor.getSnapshot().can({ type: 'form.next' })).toBe(true);
    actor.getSnapshot().context.captcha.send({ type: 'captcha.expired' });
    expect(actor.getSnapshot().context.captchaAnswer).toBeNull();
    expect(actor.getSnapshot().can({ type: 'form.next' })).toBe(false);
  });

  test('the form decides from its own context: a report alone enables Next and is what is sent', async () => {
    const { actor, effects } = start({ draft: { values: filled, brands: ['BMW'] } });
    actor.send({ type: 'captcha.solved', answer: 'reported' });
    expect(actor.getSnapshot().context.captcha.getSnapshot().matches('unsolved')).toBe(true);
    actor.send({ type: 'form.next' });
    actor.send({ type: 'review.confirm' });
    await vi.waitFor(() =>
      expect(effects.submit).toHaveBeenCalledWith(expect.objectContaining({ recaptcha: 'reported' })),
    );
  });

  test('a reset while the review is open (1 s after the last edit) blocks Confirm', () => {
    const { actor, effects, solveCaptcha } = start({ draft: { values: filled, brands: ['BMW'] } });
    solveCaptcha();
    actor.send({ type: 'field.change', field: 'city', value: 'Köln' });
    actor.send({ type: 'form.next' });
    expect(actor.getSnapshot().hasTag('dialogOpen')).toBe(true);
    vi.advanceTimersByTime(1000);
    expect(actor.getSnapshot().context.captchaAnswer).toBeNull();
    actor.send({ type: 'review.confirm' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(actor.getSnapshot().context.errors).toEqual({ recaptcha: 'captchaRequired' });
    expect(actor.getSnapshot().context.focus?.target).toBe('recaptcha');
    expect(effects.submit).not.toHaveBeenCalled();
  });
});

describe('one declaration', () => {
  test('the empty form and the draft hold exactly the declared inputs; the payload exactly the declared fields', async () => {
    const { actor, effects, solveCaptcha } = start();
    for (const [field, value] of Object.entries(filled)) {
      actor.send({ type: 'field.change', field: field as keyof DealerValues, value });
    }
    actor.send({ type: 'brand.toggle', brand: 'BMW' });
    expect(Object.keys(effects.drafts.at(-1)?.values ?? {}).sort()).toEqual(Object.keys(filled).sort());
    solveCaptcha();
    actor.send({ type: 'form.next' });
    actor.send({ type: 'review.confirm' });
    await vi.waitFor(() => expect(effects.submit).toHaveBeenCalled());
    expect(Object.keys(effects.submit.mock.calls[0]?.[0]).sort()).toEqual(
      Object.keys(dealerRegistration({ recaptcha: '', status: '' })).sort(),
    );
  });

  test('focus goes to the first invalid field in the declared order (the review order)', () => {
    const { actor, solveCaptcha } = start({
      draft: { values: { ...filled, email: 'no-dot@x', street: '', tax_id: '' }, brands: ['BMW'] },
    });
    solveCaptcha();
    actor.send({ type: 'form.next' });
    expect(actor.getSnapshot().context.errors).toEqual({
      email: 'emailInvalid',
      street: 'addressRequired',
      tax_id: 'taxIdRequired',
    });
    expect(actor.getSnapshot().context.focus?.target).toBe('email');
  });
});
