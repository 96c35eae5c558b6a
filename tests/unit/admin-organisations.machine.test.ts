import { afterEach, describe, expect, test, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type {
  AdminOrganisation,
  OrganisationChange,
  OrganisationDetail,
  OrganisationInvite,
  OrganisationQuery,
} from '../../common/contracts/organisations';
import {
  adminOrganisationsMachine,
  ORGANISATION_SEARCH_DEBOUNCE_MS,
  type OrganisationPage,
  organisationChangeFor,
} from '../../machines/admin-organisations.machine';
import { apiFailure } from '../support/failures';

const dealer: AdminOrganisation = {
  id: 5,
  kind: 'dealer',
  name: 'Teile Zander',
  status: 'active',
  member_count: 0,
  created_at: '2026-11-20T10:00:00.000Z',
};
const detailOf = (organisation: AdminOrganisation): OrganisationDetail => ({
  organisation,
  members: [],
  relations: [],
});

function start(
  fakes: {
    loadDetail?: (input: { id: number }) => Promise<OrganisationDetail>;
    changeStatus?: (input: { id: number; change: OrganisationChange }) => Promise<{ message: string | undefined }>;
    invite?: (input: { id: number; invite: OrganisationInvite }) => Promise<{ message: string | undefined }>;
  } = {},
) {
  const queries: OrganisationQuery[] = [];
  const effects = {
    loadDetail: vi.fn(fakes.loadDetail ?? (async () => detailOf(dealer))),
    changeStatus: vi.fn(fakes.changeStatus ?? (async () => ({ message: 'geändert' }))),
    invite: vi.fn(fakes.invite ?? (async () => ({ message: 'eingeladen' }))),
    notifySuccess: vi.fn(),
    notifyFailure: vi.fn(),
  };
  const actor = createActor(
    adminOrganisationsMachine.provide({
      actors: {
        loadPage: fromPromise<OrganisationPage, OrganisationQuery>(async ({ input }) => {
          queries.push(input);
          return { items: [dealer], total: 1, page: input.page, page_size: 20 };
        }),
        loadDetail: fromPromise(({ input }) => effects.loadDetail(input)),
        changeStatus: fromPromise(({ input }) => effects.changeStatus(input)),
        invite: fromPromise(({ input }) => effects.invite(input)),
      },
      actions: {
        notifySuccess: (_, { message }) => effects.notifySuccess(message),
        notifyFailure: (_, { message }) => effects.notifyFailure(message),
      },
    }),
  ).start();
  const shown = () => vi.waitFor(() => expect(actor.getSnapshot().matches({ detail: { shown: 'idle' } })).toBe(true));
  return { actor, queries, effects, shown };
}

afterEach(() => vi.useRealTimers());

describe('the list', () => {
  test('loads all organisations, then by kind and status from page 1; a page change keeps the filters', async () => {
    const { actor, queries } = start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ list: 'ready' })).toBe(true));
    actor.send({ type: 'page.change', page: 2 });
    actor.send({ type: 'kind.change', kind: 'dealer' });
    actor.send({ type: 'status.change', status: 'deactivated' });
    actor.send({ type: 'page.change', page: 3 });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ list: 'ready' })).toBe(true));
    expect(queries[0]).toEqual({ page: 1, kind: '', status: '', search: '' });
    expect(queries.at(-1)).toEqual({ page: 3, kind: 'dealer', status: 'deactivated', search: '' });
  });

  test('typing a name sends one search after the pause, from page 1', async () => {
    vi.useFakeTimers();
    const { actor, queries } = start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ list: 'ready' })).toBe(true));
    actor.send({ type: 'page.change', page: 2 });
    for (const value of ['Z', 'Za', 'Zan']) actor.send({ type: 'search.change', value });
    await vi.advanceTimersByTimeAsync(ORGANISATION_SEARCH_DEBOUNCE_MS - 1);
    const before = queries.length;
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(queries).toHaveLength(before + 1));
    expect(queries.at(-1)).toEqual({ page: 1, kind: '', status: '', search: 'Zan' });
  });
});

describe('an opened organisation', () => {
  test('deactivating after the confirmation sends the change, notifies, and reloads the organisation and the list', async () => {
    const { actor, queries, effects, shown } = start();
    actor.send({ type: 'organisation.open', id: 5 });
    await shown();
    const listLoads = queries.length;
    actor.send({ type: 'change.request' });
    expect(actor.getSnapshot().hasTag('dialogOpen')).toBe(true);
    actor.send({ type: 'change.cancel' });
    expect(effects.changeStatus).not.toHaveBeenCalled();
    actor.send({ type: 'change.request' });
    actor.send({ type: 'change.confirm' });
    await vi.waitFor(() => expect(effects.notifySuccess).toHaveBeenCalledWith('geändert'));
    expect(effects.changeStatus).toHaveBeenCalledWith({ id: 5, change: 'deactivate' });
    await shown();
    expect(effects.loadDetail).toHaveBeenCalledTimes(2);
    await vi.waitFor(() => expect(queries.length).toBe(listLoads + 1));
  });

  test('a refused change notifies and shows how the organisation stands now', async () => {
    const { actor, effects, shown } = start({
      changeStatus: async () => {
        throw apiFailure('Diese Organisation ist bereits deaktiviert.', 'organisationAlreadyDeactivated');
      },
    });
    actor.send({ type: 'organisation.open', id: 5 });
    await shown();
    actor.send({ type: 'change.request' });
    actor.send({ type: 'change.confirm' });
    await vi.waitFor(() =>
      expect(effects.notifyFailure).toHaveBeenCalledWith('Diese Organisation ist bereits deaktiviert.'),
    );
    await shown();
    expect(effects.loadDetail).toHaveBeenCalledTimes(2);
  });

  test('a deactivated organisation is offered reactivation, and takes no invitation', async () => {
    expect(organisationChangeFor(dealer)).toBe('deactivate');
    expect(organisationChangeFor({ ...dealer, status: 'deactivated' })).toBe('reactivate');
    const { actor, shown } = start({ loadDetail: async () => detailOf({ ...dealer, status: 'deactivated' }) });
    actor.send({ type: 'organisation.open', id: 5 });
    await shown();
    actor.send({ type: 'invite.open' });
    expect(actor.getSnapshot().matches({ detail: { shown: 'idle' } })).toBe(true);
  });

  test('a failed load offers a retry; closing forgets the organisation', async () => {
    let fail = true;
    const { actor, shown } = start({
      loadDetail: async () => {
        if (fail) throw apiFailure('Nicht gefunden.', 'notFound');
        return detailOf(dealer);
      },
    });
    actor.send({ type: 'organisation.open', id: 5 });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ detail: 'failed' })).toBe(true));
    expect(actor.getSnapshot().context.detailError).toBe('Nicht gefunden.');
    fail = false;
    actor.send({ type: 'detail.retry' });
    await shown();
    actor.send({ type: 'organisation.close' });
    expect(actor.getSnapshot().matches({ detail: 'closed' })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ openedId: null, detail: null });
  });

  test('opening another organisation while one loads loads the other', async () => {
    const { actor, effects, shown } = start({
      loadDetail: async ({ id }) => detailOf({ ...dealer, id }),
    });
    actor.send({ type: 'organisation.open', id: 5 });
    actor.send({ type: 'organisation.open', id: 6 });
    await shown();
    expect(effects.loadDetail).toHaveBeenLastCalledWith({ id: 6 });
    expect(actor.getSnapshot().context.detail?.organisation.id).toBe(6);
  });
});

describe('inviting a member', () => {
  test('an empty form shows the errors and sends nothing; a valid one is sent, notified and emptied', async () => {
    const { actor, effects, shown } = start();
    actor.send({ type: 'organisation.open', id: 5 });
    await shown();
    actor.send({ type: 'invite.open' });
    actor.send({ type: 'invite.submit' });
    expect(actor.getSnapshot().context.inviteErrors).toEqual({
      first_name: 'firstNameRequired',
      email: 'emailRequired',
    });
    expect(effects.invite).not.toHaveBeenCalled();
    actor.send({ type: 'invite.change', field: 'first_name', value: 'Nina' });
    expect(actor.getSnapshot().context.inviteErrors).toEqual({ email: 'emailRequired' });
    actor.send({ type: 'invite.change', field: 'email', value: ' Nina@Zander.de ' });
    actor.send({ type: 'invite.submit' });
    await vi.waitFor(() => expect(effects.notifySuccess).toHaveBeenCalledWith('eingeladen'));
    expect(effects.invite).toHaveBeenCalledWith({ id: 5, invite: { first_name: 'Nina', email: 'nina@zander.de' } });
    expect(actor.getSnapshot().matches({ detail: { shown: 'idle' } })).toBe(true);
    expect(actor.getSnapshot().context.invite).toEqual({ first_name: '', email: '' });
  });

  test("the server's refusal of the address shows on the e-mail field and keeps what was typed", async () => {
    const { actor, effects, shown } = start({
      invite: async () => {
        throw apiFailure('Für diese E-Mail-Adresse besteht bereits ein Konto.', 'accountExists', 'email');
      },
    });
    actor.send({ type: 'organisation.open', id: 5 });
    await shown();
    actor.send({ type: 'invite.open' });
    actor.send({ type: 'invite.change', field: 'first_name', value: 'Mia' });
    actor.send({ type: 'invite.change', field: 'email', value: 'mia@adler.de' });
    actor.send({ type: 'invite.submit' });
    await vi.waitFor(() => expect(effects.notifyFailure).toHaveBeenCalled());
    expect(actor.getSnapshot().matches({ detail: { shown: 'inviting' } })).toBe(true);
    expect(actor.getSnapshot().context.inviteErrors).toEqual({ email: 'accountExists' });
    expect(actor.getSnapshot().context.invite).toEqual({ first_name: 'Mia', email: 'mia@adler.de' });
    actor.send({ type: 'invite.cancel' });
    expect(actor.getSnapshot().context.invite).toEqual({ first_name: '', email: '' });
  });
});
