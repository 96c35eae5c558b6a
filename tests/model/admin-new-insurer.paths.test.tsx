import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { fromPromise } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { InsurerCreate } from '../../common/contracts/claims';
import type { AdminOrganisation, OrganisationDetail, OrganisationQuery } from '../../common/contracts/organisations';
import { adminOrganisationsMachine, type OrganisationPage } from '../../machines/admin-organisations.machine';
import type { AdminOrganisationsImplementations } from '../../src/views/admin-organisations/admin-organisations-implementations';
import { OrganisationsView } from '../../src/views/admin-organisations/OrganisationsView';
import { apiFailure } from '../support/failures';
import { controlledActors, pathCases, type Step, withoutPrefixPaths } from '../support/path-replay';
import { renderInRouter } from '../support/render-in-router';

/**
 * The organisations screen's *New insurer* form (ADR 030) along every shortest path of its region,
 * through the REAL view: the contract's rule before sending, the server's refusal, and the created
 * insurer opened below the list, ready for its first user's invitation.
 */
const created: AdminOrganisation = {
  id: 40,
  kind: 'insurer',
  name: 'R+V Versicherung',
  status: 'active',
  member_count: 0,
  created_at: '2026-11-25T10:00:00.000Z',
};
const networkError = apiFailure('No connection to the server', 'networkError');

const paths = getShortestPaths(adminOrganisationsMachine, {
  events: [
    { type: 'insurer.new' },
    { type: 'insurer.change', value: 'R+V Versicherung' },
    { type: 'insurer.submit' },
    { type: 'insurer.cancel' },
    { type: 'xstate.done.actor.createInsurer', output: { organisation: created, message: 'Created' } },
    { type: 'xstate.error.actor.createInsurer', error: networkError },
  ] as unknown as Parameters<typeof adminOrganisationsMachine.transition>[1][],
  serializeState: (snapshot) =>
    JSON.stringify({
      region: (snapshot.value as { newInsurer: unknown }).newInsurer,
      name: snapshot.context.insurerName,
      error: snapshot.context.insurerError,
      opened: snapshot.context.openedId,
    }),
  stopWhen: (snapshot) => snapshot.context.openedId !== null,
});

test('the traversal reaches every state of the form and the created insurer opened', () => {
  const reached = new Set(
    paths.map((path) => JSON.stringify((path.state.value as { newInsurer: unknown }).newInsurer)),
  );
  for (const state of ['closed', 'editing', 'sending']) expect(reached).toContain(JSON.stringify(state));
  expect(paths.some((path) => path.state.context.openedId === created.id)).toBe(true);
  expect(paths.some((path) => path.state.context.insurerError === 'organisationNameRequired')).toBe(true);
});

test.each(pathCases(withoutPrefixPaths(paths)))('%s', async (_name, path) => {
  const user = userEvent.setup();
  const { controlled, calls, isActorOutcome, settle } = controlledActors();
  const opened: number[] = [];
  const implementations: AdminOrganisationsImplementations = {
    actors: {
      loadPage: fromPromise<OrganisationPage, OrganisationQuery>(async () => ({
        items: [],
        total: 0,
        page: 1,
        page_size: 20,
      })),
      loadDetail: fromPromise<OrganisationDetail, { id: number }>(async ({ input }) => {
        opened.push(input.id);
        return { organisation: created, members: [], relations: [] };
      }),
      createInsurer: controlled<{ organisation: AdminOrganisation; message: string | undefined }, InsurerCreate>(
        'createInsurer',
      ),
    },
    actions: { notifySuccess: () => {}, notifyFailure: () => {} },
  };
  await renderInRouter('/users/organisations', () => <OrganisationsView implementations={implementations} />);

  for (const { event: raw, state } of path.steps) {
    const event = raw as Step;
    if (isActorOutcome(event)) {
      await settle(event);
    } else if (event.type === 'insurer.new') {
      await user.click(screen.getByRole('button', { name: 'New insurer' }));
    } else if (event.type === 'insurer.change') {
      await user.type(screen.getByLabelText('Insurer name'), event.value ?? '');
    } else if (event.type === 'insurer.submit') {
      await user.click(screen.getByRole('button', { name: 'Create insurer' }));
    } else if (event.type === 'insurer.cancel') {
      await user.click(screen.getByRole('button', { name: 'Cancel' }));
    }

    const region = (state.value as { newInsurer: string }).newInsurer;
    if (region === 'closed') {
      expect(screen.getByRole('button', { name: 'New insurer' })).toBeVisible();
      expect(screen.queryByLabelText('Insurer name')).toBeNull();
    } else {
      expect(screen.getByLabelText('Insurer name')).toHaveValue(state.context.insurerName);
    }
    if (state.context.insurerError === 'organisationNameRequired') {
      expect(screen.getByText('Please enter a name.')).toBeVisible();
    }
    if (region === 'sending') expect(calls.createInsurer?.at(-1)).toEqual({ name: 'R+V Versicherung' });
    if (state.context.openedId === created.id) {
      // The new insurer opens below the list, where its first user is invited.
      expect(await screen.findByRole('button', { name: 'Invite a user' })).toBeVisible();
      expect(opened).toEqual([created.id]);
    }
  }
});
