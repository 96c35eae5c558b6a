import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { fromPromise } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type {
  AdminOrganisation,
  OrganisationChange,
  OrganisationDetail,
  OrganisationInvite,
  OrganisationQuery,
} from '../../common/contracts/organisations';
import { adminOrganisationsMachine, type OrganisationPage } from '../../machines/admin-organisations.machine';
import type { AdminOrganisationsImplementations } from '../../src/views/admin-organisations/admin-organisations-implementations';
import { OrganisationsView } from '../../src/views/admin-organisations/OrganisationsView';
import { apiFailure } from '../support/failures';
import {
  controlledActors,
  type Step as PathStep,
  pathCases,
  stepName,
  withoutPrefixPaths,
} from '../support/path-replay';
import { renderInRouter } from '../support/render-in-router';

/**
 * The organisations screen's machine drives the REAL view along every shortest path through the
 * opened organisation (the list answers at once; its own paths are unit-tested): what each state
 * must show, and that each event is something a person can do on the screen.
 */
const active: AdminOrganisation = {
  id: 5,
  kind: 'dealer',
  name: 'Teile Zander',
  status: 'active',
  member_count: 1,
  created_at: '2026-11-20T10:00:00.000Z',
};
const detail = (organisation: AdminOrganisation): OrganisationDetail => ({
  organisation,
  members: [{ id: 9, first_name: 'Mia', last_name: 'Zander', email: 'mia@zander.de', role: 'dealer_user', status: 1 }],
  relations: [{ id: 3, organisation_id: 2, name: 'Autohaus Adler', customer_number: 'K-100', status: 'active' }],
});
const deactivated = { ...active, status: 'deactivated' as const };
const texts = {
  firstNameRequired: 'First name is required',
  emailRequired: 'Email is required',
  accountExists: 'An account with this e-mail address already exists. Please log in.',
} as const;

type Step = PathStep<{ field?: 'first_name' | 'email' }>;

const paths = getShortestPaths(adminOrganisationsMachine, {
  events: [
    { type: 'organisation.open', id: 5 },
    { type: 'xstate.done.actor.loadDetail', output: detail(active) },
    { type: 'xstate.done.actor.loadDetail', output: detail(deactivated) },
    { type: 'xstate.error.actor.loadDetail', error: apiFailure('Not found.', 'notFound') },
    { type: 'detail.retry' },
    { type: 'organisation.close' },
    { type: 'change.request' },
    { type: 'change.cancel' },
    { type: 'change.confirm' },
    { type: 'xstate.done.actor.changeStatus', output: { message: undefined } },
    { type: 'invite.open' },
    { type: 'invite.change', field: 'first_name', value: 'Nina' },
    { type: 'invite.change', field: 'email', value: 'nina@zander.de' },
    { type: 'invite.submit' },
    { type: 'invite.cancel' },
    { type: 'xstate.done.actor.invite', output: { message: undefined } },
    { type: 'xstate.error.actor.invite', error: apiFailure(texts.accountExists, 'accountExists', 'email') },
  ] as unknown as Parameters<typeof adminOrganisationsMachine.transition>[1][],
  serializeState: (snapshot) =>
    JSON.stringify({
      detail: (snapshot.value as { detail: unknown }).detail,
      status: snapshot.context.detail?.organisation.status ?? null,
      invite: snapshot.context.invite,
      errors: snapshot.context.inviteErrors,
    }),
});

test('the traversal reaches every state of the opened organisation', () => {
  const reached = new Set(paths.map((path) => JSON.stringify((path.state.value as { detail: unknown }).detail)));
  for (const state of [
    'closed',
    'loading',
    'failed',
    { shown: 'idle' },
    { shown: 'confirming' },
    { shown: 'changing' },
    { shown: 'inviting' },
    { shown: 'sendingInvite' },
  ]) {
    expect(reached).toContain(JSON.stringify(state));
  }
});

const nameOf = (event: Step) => {
  if (event.field) return `${event.field}=${event.value}`;
  if (event.type === 'xstate.done.actor.loadDetail')
    return `loaded ${(event.output as OrganisationDetail).organisation.status}`;
  return stepName(event);
};

test.each(pathCases(withoutPrefixPaths(paths), nameOf))('%s', async (_name, path) => {
  const user = userEvent.setup();
  const { controlled, calls, isActorOutcome, settle } = controlledActors();
  type ChangeInput = { id: number; change: OrganisationChange };
  type InviteInput = { id: number; invite: OrganisationInvite };
  const implementations: AdminOrganisationsImplementations = {
    actors: {
      loadPage: fromPromise<OrganisationPage, OrganisationQuery>(async () => ({
        items: [active],
        total: 1,
        page: 1,
        page_size: 20,
      })),
      loadDetail: controlled<OrganisationDetail, { id: number }>('loadDetail'),
      changeStatus: controlled<{ message: string | undefined }, ChangeInput>('changeStatus'),
      invite: controlled<{ message: string | undefined }, InviteInput>('invite'),
    },
    actions: { notifySuccess: () => {}, notifyFailure: () => {} },
  };
  await renderInRouter('/users/organisations', () => <OrganisationsView implementations={implementations} />);
  expect(await screen.findByRole('cell', { name: 'Teile Zander' })).toBeVisible();

  for (const { event: raw, state } of path.steps) {
    const event = raw as Step;
    const dialog = () => screen.getByRole('dialog');
    if (isActorOutcome(event)) {
      await settle(event);
    } else if (event.type === 'organisation.open') {
      await user.click(screen.getByRole('button', { name: 'Open Teile Zander' }));
    } else if (event.type === 'detail.retry') {
      await user.click(screen.getByRole('button', { name: 'Try again' }));
    } else if (event.type === 'organisation.close') {
      await user.click(screen.getByRole('button', { name: 'Close' }));
    } else if (event.type === 'change.request') {
      await user.click(screen.getByRole('button', { name: /^(Deactivate|Reactivate)$/ }));
    } else if (event.type === 'change.cancel') {
      await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    } else if (event.type === 'change.confirm') {
      await user.click(within(dialog()).getByRole('button', { name: /^(Deactivate|Reactivate)$/ }));
    } else if (event.type === 'invite.open') {
      await user.click(screen.getByRole('button', { name: 'Invite a user' }));
    } else if (event.type === 'invite.change' && event.field) {
      const input = screen.getByLabelText(event.field === 'email' ? 'Email' : 'First name', { selector: 'input' });
      await user.clear(input);
      await user.type(input, event.value ?? '');
    } else if (event.type === 'invite.submit') {
      await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    } else if (event.type === 'invite.cancel') {
      await user.click(screen.getByRole('button', { name: 'Cancel' }));
    }

    const opened = state.context.detail?.organisation;
    if (state.matches({ detail: 'closed' })) {
      expect(screen.queryByRole('heading', { name: 'Teile Zander' })).toBeNull();
    }
    if (state.matches({ detail: 'loading' }) && !opened) {
      expect(screen.getByRole('status')).toHaveTextContent('Loading the organisation…');
    }
    if (state.matches({ detail: 'failed' })) {
      expect(screen.getByText('Not found.')).toBeVisible();
      expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
    }
    if (state.matches({ detail: { shown: 'idle' } }) && opened) {
      const heading = screen.getByRole('heading', { name: 'Teile Zander' });
      expect(heading).toHaveFocus();
      expect(screen.getByRole('cell', { name: 'mia@zander.de' })).toBeVisible();
      expect(screen.getByRole('cell', { name: 'K-100' })).toBeVisible();
      expect(
        screen.getByRole('button', { name: opened.status === 'active' ? 'Deactivate' : 'Reactivate' }),
      ).toBeEnabled();
      expect(screen.queryByRole('dialog')).toBeNull();
    }
    if (state.matches({ detail: { shown: 'confirming' } }) && opened) {
      expect(
        within(dialog()).getByRole('heading', {
          name: opened.status === 'active' ? 'Deactivate organisation?' : 'Reactivate organisation?',
        }),
      ).toBeVisible();
    }
    if (state.matches({ detail: { shown: 'changing' } }) && opened) {
      expect((calls.changeStatus?.at(-1) as ChangeInput | undefined)?.change).toBe(
        opened.status === 'active' ? 'deactivate' : 'reactivate',
      );
      expect(
        within(dialog()).getByRole('button', { name: opened.status === 'active' ? 'Deactivate' : 'Reactivate' }),
      ).toHaveAttribute('aria-busy', 'true');
    }
    if (state.matches({ detail: { shown: 'inviting' } })) {
      expect(screen.getByLabelText('First name', { selector: 'input' })).toHaveValue(state.context.invite.first_name);
      expect(screen.getByLabelText('Email', { selector: 'input' })).toHaveValue(state.context.invite.email);
      for (const id of Object.values(state.context.inviteErrors)) {
        if (id) expect(screen.getByText(texts[id as keyof typeof texts] ?? id)).toBeVisible();
      }
    }
    if (state.matches({ detail: { shown: 'sendingInvite' } })) {
      expect((calls.invite?.at(-1) as InviteInput | undefined)?.invite).toEqual({
        first_name: 'Nina',
        email: 'nina@zander.de',
      });
      expect(screen.getByRole('button', { name: /sending/i })).toHaveAttribute('aria-busy', 'true');
    }
  }
});
