import { describe, expect, test, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type {
  Colleague,
  DealerOverview,
  DealerProfile,
  DealerProfileDraft,
  DealerProfileUpdate,
} from '../../common/contracts/dealer-organisation';
import { dealerColleaguesMachine } from '../../machines/dealer-colleagues.machine';
import { dealerDashboardMachine } from '../../machines/dealer-dashboard.machine';
import { dealerProfileMachine, profileValuesOf } from '../../machines/dealer-profile.machine';
import { aProfile } from '../support/dealer-profile';
import { apiFailure } from '../support/failures';

const overview: DealerOverview = {
  organisation: { id: 12, name: 'Teile Süd GmbH' },
  customers: { requested: 2, active: 1, declined: 0 },
  colleagues: 3,
  profile: { has_logo: false, has_opening_hours: true, complete: false },
};

describe('dealer dashboard', () => {
  test('loads the overview; a failure shows the message and can be retried', async () => {
    let attempts = 0;
    const actor = createActor(
      dealerDashboardMachine.provide({
        actors: {
          loadOverview: fromPromise(async () => {
            attempts += 1;
            if (attempts === 1) throw apiFailure('offline', 'networkError');
            return overview;
          }),
        },
      }),
    ).start();
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await vi.waitFor(() => expect(actor.getSnapshot().matches('failed')).toBe(true));
    expect(actor.getSnapshot().context.loadError).toBe('offline');
    actor.send({ type: 'overview.retry' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('showing')).toBe(true));
    expect(actor.getSnapshot().context).toMatchObject({ overview, loadError: null });
  });
});

function startProfile(
  options: {
    draft?: DealerProfileDraft | null;
    load?: () => Promise<DealerProfile>;
    save?: (update: DealerProfileUpdate) => Promise<{ profile: DealerProfile; message: string | undefined }>;
    upload?: (file: Blob) => Promise<{ logoUrl: string | null; message: string | undefined }>;
    remove?: () => Promise<{ message: string | undefined }>;
  } = {},
) {
  const drafts: (DealerProfileDraft | null)[] = [];
  const notices: string[] = [];
  const saves: DealerProfileUpdate[] = [];
  const actor = createActor(
    dealerProfileMachine.provide({
      actors: {
        loadProfile: fromPromise(options.load ?? (async () => aProfile())),
        saveProfile: fromPromise(async ({ input }) => {
          saves.push(input);
          return options.save
            ? options.save(input)
            : { profile: aProfile({ ...input, updated_at: '2026-11-24T11:00:00.000Z' }), message: 'Gespeichert' };
        }),
        uploadLogo: fromPromise(async ({ input }) =>
          options.upload
            ? options.upload(input)
            : { logoUrl: '/svc/part-dealer/organisation-logos/12', message: 'Logo' },
        ),
        removeLogo: fromPromise(async () => (options.remove ? options.remove() : { message: 'Entfernt' })),
      },
      actions: {
        saveDraft: (_, draft) => drafts.push(draft),
        clearDraft: () => drafts.push(null),
        notifySuccess: (_, { message }) => notices.push(`ok:${message}`),
        notifyFailure: (_, { message }) => notices.push(`failed:${message}`),
      },
    }),
    { input: { draft: options.draft ?? null } },
  ).start();
  const ready = () => vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
  const editing = () =>
    vi.waitFor(() => expect(actor.getSnapshot().matches({ ready: { form: 'editing' } })).toBe(true));
  return { actor, drafts, notices, saves, ready, editing };
}

describe('dealer profile', () => {
  test('loads the profile into the form; a failed load can be retried', async () => {
    let attempts = 0;
    const { actor, ready } = startProfile({
      load: async () => {
        attempts += 1;
        if (attempts === 1) throw apiFailure('Server nicht erreichbar');
        return aProfile({ delivery_area: 'Bayern und Baden-Württemberg' });
      },
    });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('failed')).toBe(true));
    expect(actor.getSnapshot().context.loadError).toBe('Server nicht erreichbar');
    actor.send({ type: 'profile.retry' });
    await ready();
    expect(actor.getSnapshot().context.values).toMatchObject({
      delivery_area_dropdown: 'other',
      delivery_area_other: 'Bayern und Baden-Württemberg',
    });
  });

  test('every edit is kept as a draft; a draft replaces the loaded values and keeps its version', async () => {
    const { actor, drafts, ready } = startProfile();
    await ready();
    actor.send({ type: 'field.change', field: 'city', value: 'Augsburg' });
    actor.send({ type: 'brand.toggle', brand: 'Mini' });
    const draft = drafts.at(-1);
    expect(draft).toMatchObject({
      organisation_id: 12,
      brands: ['BMW', 'Mini'],
      base_version: '2026-11-24T10:00:00.000Z',
    });
    expect(draft?.values.city).toBe('Augsburg');

    const reloaded = startProfile({ draft: draft ?? null, load: async () => aProfile({ updated_at: 'later' }) });
    await reloaded.ready();
    expect(reloaded.actor.getSnapshot().context).toMatchObject({
      baseVersion: '2026-11-24T10:00:00.000Z',
      brands: ['BMW', 'Mini'],
    });
    expect(reloaded.actor.getSnapshot().context.values.city).toBe('Augsburg');
  });

  test('a draft written for another organisation (another user in this tab) is not shown', async () => {
    const { actor, drafts, ready } = startProfile();
    await ready();
    actor.send({ type: 'field.change', field: 'city', value: 'Augsburg' });
    const foreign = { ...(drafts.at(-1) as DealerProfileDraft), organisation_id: 99 };
    const other = startProfile({ draft: foreign });
    await other.ready();
    expect(other.actor.getSnapshot().context.values).toEqual(profileValuesOf(aProfile()));
  });

  test('invalid input is shown and not sent; the field’s error clears when edited', async () => {
    const { actor, saves, ready } = startProfile();
    await ready();
    actor.send({ type: 'field.change', field: 'postcode', value: 'abc' });
    actor.send({ type: 'brand.toggle', brand: 'BMW' });
    actor.send({ type: 'field.change', field: 'opening_hours', value: 'x'.repeat(501) });
    actor.send({ type: 'profile.save' });
    expect(actor.getSnapshot().context.errors).toEqual({
      postcode: 'zipInvalid',
      brands: 'brandsRequired',
      opening_hours: 'fieldTooLong',
    });
    expect(saves).toHaveLength(0);
    actor.send({ type: 'field.change', field: 'postcode', value: '80333' });
    expect(actor.getSnapshot().context.errors.postcode).toBeUndefined();
  });

  test('"other" delivery area needs its text, and the error shows on the text', async () => {
    const { actor, ready } = startProfile();
    await ready();
    actor.send({ type: 'field.change', field: 'delivery_area_dropdown', value: 'other' });
    actor.send({ type: 'profile.save' });
    expect(actor.getSnapshot().context.errors).toEqual({ delivery_area_other: 'deliveryAreaRequired' });
  });

  test('saves the changes with the version they were made on, then clears the draft', async () => {
    const { actor, saves, drafts, notices, ready, editing } = startProfile();
    await ready();
    actor.send({ type: 'field.change', field: 'opening_hours', value: 'Mo–Fr 8–17' });
    actor.send({ type: 'customBrand.change', value: '  Tesla ' });
    actor.send({ type: 'customBrand.add' });
    actor.send({ type: 'profile.save' });
    expect(actor.getSnapshot().hasTag('saving')).toBe(true);
    await editing();
    expect(saves[0]).toMatchObject({
      opening_hours: 'Mo–Fr 8–17',
      brands_served: ['BMW', 'Tesla'],
      delivery_area: 'deutschlandweit',
      updated_at: '2026-11-24T10:00:00.000Z',
    });
    expect(saves[0]).not.toHaveProperty('name');
    expect(saves[0]).not.toHaveProperty('tax_id');
    expect(drafts.at(-1)).toBeNull();
    expect(notices).toEqual(['ok:Gespeichert']);
    expect(actor.getSnapshot().context.baseVersion).toBe('2026-11-24T11:00:00.000Z');
  });

  test('a 409: take the colleague’s version, or keep one’s own on top of it and save again', async () => {
    const theirs = aProfile({ city: 'Passau', updated_at: '2026-11-24T10:30:00.000Z' });
    const conflict = Object.assign(apiFailure('geändert', 'profileChanged'), { status: 409, data: theirs });
    let calls = 0;
    const { actor, saves, ready, editing } = startProfile({
      save: async (update) => {
        calls += 1;
        if (calls <= 2) throw conflict;
        return { profile: aProfile({ ...update, updated_at: 'v3' }), message: 'ok' };
      },
    });
    await ready();
    actor.send({ type: 'field.change', field: 'city', value: 'Augsburg' });
    actor.send({ type: 'profile.save' });
    await vi.waitFor(() => expect(actor.getSnapshot().hasTag('conflict')).toBe(true));
    expect(actor.getSnapshot().context.conflict).toEqual(theirs);
    actor.send({ type: 'conflict.takeTheirs' });
    expect(actor.getSnapshot().context.values.city).toBe('Passau');
    expect(actor.getSnapshot().context.baseVersion).toBe(theirs.updated_at);

    actor.send({ type: 'field.change', field: 'city', value: 'Augsburg' });
    actor.send({ type: 'profile.save' });
    await vi.waitFor(() => expect(actor.getSnapshot().hasTag('conflict')).toBe(true));
    actor.send({ type: 'conflict.keepMine' });
    expect(actor.getSnapshot().context.values.city).toBe('Augsburg');
    actor.send({ type: 'profile.save' });
    await editing();
    expect(saves.at(-1)).toMatchObject({ city: 'Augsburg', updated_at: theirs.updated_at });
  });

  test('another failure keeps the edits and names the field the server refused', async () => {
    const { actor, notices, ready, editing } = startProfile({
      save: async () => {
        throw apiFailure('Ungültige PLZ', 'zipInvalid', 'postcode');
      },
    });
    await ready();
    actor.send({ type: 'field.change', field: 'city', value: 'Augsburg' });
    actor.send({ type: 'profile.save' });
    await editing();
    expect(actor.getSnapshot().context.errors).toEqual({ postcode: 'zipInvalid' });
    expect(actor.getSnapshot().context.values.city).toBe('Augsburg');
    expect(notices).toEqual(['failed:Ungültige PLZ']);
  });

  test('discarding returns to the stored profile and clears the draft', async () => {
    const { actor, drafts, ready } = startProfile();
    await ready();
    actor.send({ type: 'field.change', field: 'city', value: 'Augsburg' });
    actor.send({ type: 'profile.discard' });
    expect(actor.getSnapshot().context.values).toEqual(profileValuesOf(aProfile()));
    expect(drafts.at(-1)).toBeNull();
  });

  test('a logo of a wrong type or too large is not offered for upload', async () => {
    const { actor, ready } = startProfile();
    await ready();
    actor.send({ type: 'logo.select', file: new Blob(['<svg/>'], { type: 'image/svg+xml' }) });
    expect(actor.getSnapshot().context.logoError).toBe('logoTypeInvalid');
    expect(actor.getSnapshot().matches({ ready: { logo: 'idle' } })).toBe(true);
    actor.send({ type: 'logo.select', file: new Blob([new Uint8Array(512 * 1024 + 1)], { type: 'image/png' }) });
    expect(actor.getSnapshot().context.logoError).toBe('logoTooLarge');
    expect(actor.getSnapshot().can({ type: 'logo.upload' })).toBe(false);
  });

  test('a chosen logo is uploaded; the server’s refusal is shown and the choice kept; removing clears it', async () => {
    let uploads = 0;
    const { actor, notices, ready } = startProfile({
      upload: async () => {
        uploads += 1;
        if (uploads === 1) throw apiFailure('Kein Bild', 'logoTypeInvalid', 'logo');
        return { logoUrl: '/svc/part-dealer/organisation-logos/12', message: 'Logo gespeichert' };
      },
    });
    await ready();
    const file = new Blob([new Uint8Array([0x89, 0x50])], { type: 'image/png' });
    actor.send({ type: 'logo.select', file });
    expect(actor.getSnapshot().context.logoFile).toBe(file);
    actor.send({ type: 'logo.upload' });
    expect(actor.getSnapshot().hasTag('logoBusy')).toBe(true);
    await vi.waitFor(() => expect(actor.getSnapshot().context.logoError).toBe('logoTypeInvalid'));
    expect(actor.getSnapshot().matches({ ready: { logo: 'chosen' } })).toBe(true);
    actor.send({ type: 'logo.upload' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ ready: { logo: 'idle' } })).toBe(true));
    expect(actor.getSnapshot().context).toMatchObject({ logoFile: null, logoVersion: 1 });
    expect(actor.getSnapshot().context.profile?.logo_url).toBe('/svc/part-dealer/organisation-logos/12');
    actor.send({ type: 'logo.remove' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.profile?.logo_url).toBeNull());
    expect(notices).toEqual(['failed:Kein Bild', 'ok:Logo gespeichert', 'ok:Entfernt']);
    // Without a logo there is nothing to remove.
    expect(actor.getSnapshot().can({ type: 'logo.remove' })).toBe(false);
  });
});

const me: Colleague = { id: 1, first_name: 'Dora', last_name: 'Händler', email: 'dora@x.de', status: 1, is_you: true };
const ben: Colleague = { id: 2, first_name: 'Ben', last_name: 'Lager', email: 'ben@x.de', status: 1, is_you: false };

function startColleagues(options: { invite?: () => Promise<{ message: string | undefined }> } = {}) {
  const notices: string[] = [];
  const statusCalls: { userId: number; status: number }[] = [];
  const actor = createActor(
    dealerColleaguesMachine.provide({
      actors: {
        loadColleagues: fromPromise(async () => [me, ben]),
        invite: fromPromise(options.invite ?? (async () => ({ message: 'Eingeladen' }))),
        setStatus: fromPromise(async ({ input }) => {
          statusCalls.push(input);
          return { colleague: { ...ben, status: input.status }, message: 'Status' };
        }),
      },
      actions: {
        notifySuccess: (_, { message }) => notices.push(`ok:${message}`),
        notifyFailure: (_, { message }) => notices.push(`failed:${message}`),
      },
    }),
  ).start();
  return { actor, notices, statusCalls };
}

describe('dealer colleagues', () => {
  test('deactivating asks first; cancelling changes nothing; confirming updates the list', async () => {
    const { actor, statusCalls, notices } = startColleagues();
    await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
    actor.send({ type: 'colleague.deactivate', colleague: ben });
    expect(actor.getSnapshot().hasTag('dialogOpen')).toBe(true);
    actor.send({ type: 'deactivate.cancel' });
    expect(actor.getSnapshot().hasTag('dialogOpen')).toBe(false);
    expect(statusCalls).toHaveLength(0);
    actor.send({ type: 'colleague.deactivate', colleague: ben });
    actor.send({ type: 'deactivate.confirm' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ ready: { status: 'idle' } })).toBe(true));
    expect(statusCalls).toEqual([{ userId: 2, status: 3 }]);
    expect(actor.getSnapshot().context.colleagues[1]?.status).toBe(3);
    actor.send({ type: 'colleague.reactivate', colleague: { ...ben, status: 3 } });
    await vi.waitFor(() => expect(statusCalls).toHaveLength(2));
    expect(statusCalls[1]).toEqual({ userId: 2, status: 1 });
    await vi.waitFor(() => expect(notices).toEqual(['ok:Status', 'ok:Status']));
  });

  test('one’s own account offers no status change; only the listed status can be changed', async () => {
    const { actor } = startColleagues();
    await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
    expect(actor.getSnapshot().can({ type: 'colleague.deactivate', colleague: me })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'colleague.deactivate', colleague: ben })).toBe(true);
    // Ben is active in the list: nothing to reactivate, whatever the event claims.
    expect(actor.getSnapshot().can({ type: 'colleague.reactivate', colleague: { ...ben, status: 3 } })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'colleague.deactivate', colleague: { ...ben, id: 99 } })).toBe(false);
  });

  test('an invitation needs a first name and a valid address; sent, the form empties', async () => {
    const { actor, notices } = startColleagues();
    await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
    actor.send({ type: 'field.change', field: 'email', value: 'kein-at' });
    actor.send({ type: 'invite.submit' });
    expect(actor.getSnapshot().context.errors).toEqual({ first_name: 'firstNameRequired', email: 'emailInvalid' });
    actor.send({ type: 'field.change', field: 'first_name', value: 'Carla' });
    actor.send({ type: 'field.change', field: 'email', value: 'Carla@Teile.de' });
    actor.send({ type: 'invite.submit' });
    expect(actor.getSnapshot().hasTag('inviting')).toBe(true);
    await vi.waitFor(() => expect(notices).toEqual(['ok:Eingeladen']));
    expect(actor.getSnapshot().context.values).toEqual({ first_name: '', email: '' });
  });

  test('an address with an account: the error shows on the e-mail field and the input stays', async () => {
    const { actor, notices } = startColleagues({
      invite: async () => {
        throw apiFailure('Konto besteht', 'accountExists', 'email');
      },
    });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
    actor.send({ type: 'field.change', field: 'first_name', value: 'Nora' });
    actor.send({ type: 'field.change', field: 'email', value: 'nora@x.de' });
    actor.send({ type: 'invite.submit' });
    await vi.waitFor(() => expect(notices).toEqual(['failed:Konto besteht']));
    expect(actor.getSnapshot().context).toMatchObject({
      errors: { email: 'accountExists' },
      values: { first_name: 'Nora', email: 'nora@x.de' },
    });
  });
});
