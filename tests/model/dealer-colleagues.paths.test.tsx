import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { getShortestPaths } from 'xstate/graph';
import type { Colleague, ColleagueInvite } from '../../common/contracts/dealer-organisation';
import { dealerColleaguesMachine } from '../../machines/dealer-colleagues.machine';
import type { DealerOrganisationApi } from '../../src/api/dealer-organisation-api';
import { DealerColleaguesView } from '../../src/views/dealer-portal/DealerColleaguesView';
import { createDealerColleaguesImplementations } from '../../src/views/dealer-portal/use-dealer-colleagues';
import { apiFailure } from '../support/failures';
import {
  controlledActors,
  type Step as PathStep,
  pathCases,
  stepName,
  withoutPrefixPaths,
} from '../support/path-replay';
import { renderInRouter } from '../support/render-in-router';

const me: Colleague = {
  id: 1,
  first_name: 'Dora',
  last_name: 'Händler',
  email: 'dora@teile.de',
  status: 1,
  is_you: true,
};
const ben: Colleague = {
  id: 2,
  first_name: 'Ben',
  last_name: 'Lager',
  email: 'ben@teile.de',
  status: 1,
  is_you: false,
};
const benDeactivated: Colleague = { ...ben, status: 3 };
const texts: Record<string, string> = {
  firstNameRequired: 'First name is required',
  emailRequired: 'Email is required',
  accountExists: 'An account with this e-mail address already exists. Please log in.',
};
const labels = { first_name: 'First name', email: 'Email' } as const;
const PATH_TIMEOUT_MS = 20_000;

type StatusResult = { colleague: Colleague; message: string | undefined };
type Step = PathStep<{ field?: keyof typeof labels; colleague?: Colleague }>;

function pathsFor(events: Step[]) {
  return getShortestPaths(dealerColleaguesMachine, {
    events: events as never,
    serializeState: (snapshot) =>
      JSON.stringify({
        value: snapshot.value,
        values: snapshot.context.values,
        errors: snapshot.context.errors,
        statuses: snapshot.context.colleagues.map((colleague) => colleague.status),
      }),
  });
}

const loaded: Step = { type: 'xstate.done.actor.loadColleagues', output: [me, ben] };
const statusPaths = pathsFor([
  loaded,
  { type: 'xstate.error.actor.loadColleagues', error: apiFailure('No connection to the server.', 'networkError') },
  { type: 'colleagues.retry' },
  { type: 'colleague.deactivate', colleague: ben },
  { type: 'colleague.deactivate', colleague: me },
  { type: 'colleague.reactivate', colleague: benDeactivated },
  { type: 'deactivate.cancel' },
  { type: 'deactivate.confirm' },
  { type: 'xstate.done.actor.setStatus', output: { colleague: benDeactivated, message: 'Deactivated.' } },
  { type: 'xstate.done.actor.setStatus', output: { colleague: ben, message: 'Active again.' } },
]);
const invitePaths = pathsFor([
  loaded,
  { type: 'field.change', field: 'first_name', value: 'Carla' },
  { type: 'field.change', field: 'email', value: 'carla@teile.de' },
  { type: 'invite.submit' },
  { type: 'xstate.done.actor.invite', output: { message: 'The invitation has been sent.' } },
  { type: 'xstate.error.actor.invite', error: apiFailure(texts.accountExists ?? '', 'accountExists', 'email') },
]);

const nameOf = (event: Step) => {
  if (event.field) return `${event.field}=${event.value}`;
  const name = stepName(event);
  if (event.colleague) return `${name}(${event.colleague.first_name}, status ${event.colleague.status})`;
  const output = event.output as Partial<StatusResult> | undefined;
  return output?.colleague ? `${name}(status ${output.colleague.status})` : name;
};

type Path = (typeof statusPaths)[number];

function expectScreenMatches(state: Path['state'], calls: Record<string, unknown[]>) {
  if (state.matches('loading')) expect(screen.getByRole('status')).toHaveTextContent('Loading your colleagues…');
  if (state.matches('failed')) {
    expect(screen.getByRole('alert')).toHaveTextContent('No connection to the server.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  }
  if (!state.matches('ready')) return;
  // While the dialog is open, the page behind it is hidden from assistive technology.
  const hidden = state.hasTag('dialogOpen');
  const rows = screen.getAllByRole('row', { hidden }).slice(1);
  expect(rows).toHaveLength(state.context.colleagues.length);
  state.context.colleagues.forEach((colleague, index) => {
    const row = rows[index] as HTMLElement;
    expect(row).toHaveTextContent(colleague.email);
    expect(row).toHaveTextContent(colleague.status === 3 ? 'Deactivated' : 'Active');
    if (colleague.is_you) {
      expect(row).toHaveTextContent('(you)');
      expect(within(row).queryByRole('button', { hidden })).toBeNull();
    } else {
      const name = `${colleague.first_name} ${colleague.last_name}`;
      expect(
        within(row).getByRole('button', {
          hidden,
          name: colleague.status === 3 ? `Reactivate ${name}` : `Deactivate ${name}`,
        }),
      ).toBeVisible();
    }
  });
  if (state.hasTag('dialogOpen')) {
    expect(screen.getByRole('dialog', { name: 'Deactivate this colleague?' })).toHaveTextContent('Ben Lager');
  } else {
    expect(screen.queryByRole('dialog')).toBeNull();
  }
  if (state.hasTag('changing')) {
    expect(calls.setStatus?.at(-1)).toEqual({
      userId: state.context.pending?.colleague.id,
      status: state.context.pending?.status,
    });
  }
  if (state.matches({ ready: { invitation: 'editing' } }) && !hidden) {
    expect(screen.getByLabelText('First name')).toHaveValue(state.context.values.first_name);
    expect(screen.getByLabelText('Email')).toHaveValue(state.context.values.email);
    for (const id of Object.values(state.context.errors))
      if (id) expect(screen.getByText(texts[id] ?? id)).toBeVisible();
  }
  if (state.hasTag('inviting')) {
    expect(screen.getByRole('button', { name: /sending/i })).toHaveAttribute('aria-busy', 'true');
    expect(calls.invite?.at(-1)).toEqual(state.context.values);
  }
}

async function replay(path: Path) {
  const user = userEvent.setup();
  const { request, calls, isActorOutcome, settle } = controlledActors();
  const setStatus = request<StatusResult, { userId: number; status: number }>('setStatus');
  const api = {
    colleagues: () => request<Colleague[], void>('loadColleagues')(),
    inviteColleague: request<{ message: string | undefined }, ColleagueInvite>('invite'),
    setColleagueStatus: (userId: number, status: number) => setStatus({ userId, status }),
  } as unknown as DealerOrganisationApi;
  const implementations = createDealerColleaguesImplementations({ api });
  await renderInRouter('/dealer/colleagues', () => <DealerColleaguesView implementations={implementations} />);
  for (const { event: raw, state } of path.steps) {
    const event = raw as Step;
    const name = event.colleague ? `${event.colleague.first_name} ${event.colleague.last_name}` : '';
    if (isActorOutcome(event)) await settle(event);
    else if (event.type === 'colleagues.retry') await user.click(screen.getByRole('button', { name: 'Try again' }));
    else if (event.type === 'colleague.deactivate') {
      // One's own row offers no button: the event cannot be sent from the screen.
      if (event.colleague?.is_you) expect(screen.queryByRole('button', { name: `Deactivate ${name}` })).toBeNull();
      else await user.click(screen.getByRole('button', { name: `Deactivate ${name}` }));
    } else if (event.type === 'colleague.reactivate')
      await user.click(screen.getByRole('button', { name: `Reactivate ${name}` }));
    else if (event.type === 'deactivate.cancel') await user.click(screen.getByRole('button', { name: 'Cancel' }));
    else if (event.type === 'deactivate.confirm') {
      await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Deactivate' }));
    } else if (event.type === 'field.change' && event.field) {
      const input = screen.getByLabelText(labels[event.field]);
      await user.clear(input);
      await user.type(input, event.value ?? '');
    } else if (event.type === 'invite.submit')
      await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expectScreenMatches(state, calls));
  }
}

describe('status', () => {
  test('the traversal reaches failed, confirming and changing', () => {
    const reached = new Set(statusPaths.map((path) => JSON.stringify(path.state.value)));
    expect(reached).toContain(JSON.stringify('failed'));
    for (const status of ['confirming', 'changing']) {
      expect(reached).toContain(JSON.stringify({ ready: { invitation: 'editing', status } }));
    }
  });
  test.each(pathCases(withoutPrefixPaths(statusPaths), nameOf))('%s', (_name, path) => replay(path), PATH_TIMEOUT_MS);
});

describe('invitation', () => {
  test('the traversal reaches sending', () => {
    const reached = new Set(invitePaths.map((path) => JSON.stringify(path.state.value)));
    expect(reached).toContain(JSON.stringify({ ready: { invitation: 'sending', status: 'idle' } }));
  });
  test.each(pathCases(withoutPrefixPaths(invitePaths), nameOf))('%s', (_name, path) => replay(path), PATH_TIMEOUT_MS);
});
