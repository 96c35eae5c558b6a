import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test } from 'vitest';
import { getShortestPaths } from 'xstate/graph';
import type { DealerProfile, DealerProfileUpdate } from '../../common/contracts/dealer-organisation';
import { dealerProfileMachine } from '../../machines/dealer-profile.machine';
import type { DealerOrganisationApi } from '../../src/api/dealer-organisation-api';
import { DealerProfileView } from '../../src/views/dealer-portal/DealerProfileView';
import { readProfileDraft } from '../../src/views/dealer-portal/profile-draft';
import { createDealerProfileImplementations } from '../../src/views/dealer-portal/use-dealer-profile';
import { aProfile } from '../support/dealer-profile';
import { apiFailure } from '../support/failures';
import {
  controlledActors,
  type Step as PathStep,
  pathCases,
  stepName,
  withoutPrefixPaths,
} from '../support/path-replay';
import { renderInRouter } from '../support/render-in-router';

type Saved = { profile: DealerProfile; message: string | undefined };
type Uploaded = { logoUrl: string | null; message: string | undefined };
type Step = PathStep<{ field?: 'city' | 'postcode'; file?: File; kind?: string }>;

const stored = aProfile();
const theirs = aProfile({ city: 'Passau', updated_at: '2026-11-24T10:30:00.000Z' });
const saved = aProfile({ city: 'Augsburg', updated_at: '2026-11-24T11:00:00.000Z' });
const conflictError = Object.assign(apiFailure('A colleague has changed the profile meanwhile.', 'profileChanged'), {
  status: 409,
  data: theirs,
});
const labels = { city: 'City', postcode: 'Postal code' } as const;
const texts: Record<string, string> = {
  zipInvalid: 'Invalid postal code',
  logoTypeInvalid: 'Please upload a PNG, JPEG or WebP image.',
  logoTooLarge: 'The logo may be at most 512 KB.',
};
const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', { type: 'image/png' });
const svg = new File(['<svg/>'], 'logo.png', { type: 'image/svg+xml' });

beforeEach(() => sessionStorage.clear());
/** A long path types into several fields; on the shared 2-core machine that takes a few seconds. */
const PATH_TIMEOUT_MS = 20_000;

function pathsFor(events: Step[]) {
  return getShortestPaths(dealerProfileMachine, {
    input: { draft: null },
    events: events as never,
    serializeState: (snapshot) =>
      JSON.stringify({
        value: snapshot.value,
        city: snapshot.context.values.city,
        version: snapshot.context.baseVersion,
        postcode: snapshot.context.values.postcode,
        errors: snapshot.context.errors,
        logoError: snapshot.context.logoError,
        logo: snapshot.context.profile?.logo_url ?? null,
      }),
  });
}

const loadEvents: Step[] = [
  { type: 'xstate.done.actor.loadProfile', output: stored },
  { type: 'xstate.error.actor.loadProfile', error: apiFailure('No connection to the server.', 'networkError') },
  { type: 'profile.retry' },
];
const formPaths = pathsFor([
  ...loadEvents,
  { type: 'field.change', field: 'city', value: 'Augsburg' },
  { type: 'field.change', field: 'postcode', value: 'abc' },
  { type: 'profile.save' },
  { type: 'xstate.done.actor.saveProfile', output: { profile: saved, message: 'The profile has been saved.' } },
  { type: 'xstate.error.actor.saveProfile', error: conflictError },
  { type: 'conflict.takeTheirs' },
  { type: 'conflict.keepMine' },
]);
const logoPaths = pathsFor([
  { type: 'xstate.done.actor.loadProfile', output: stored },
  // `kind` only tells the two apart for the traversal, which compares events as JSON (a File is {}).
  { type: 'logo.select', file: png, kind: 'png' },
  { type: 'logo.select', file: svg, kind: 'svg' },
  { type: 'logo.cancel' },
  { type: 'logo.upload' },
  {
    type: 'xstate.done.actor.uploadLogo',
    output: { logoUrl: '/svc/part-dealer/organisation-logos/12', message: 'The logo has been saved.' },
  },
  { type: 'xstate.error.actor.uploadLogo', error: apiFailure(texts.logoTypeInvalid ?? '', 'logoTypeInvalid', 'logo') },
  { type: 'logo.remove' },
  { type: 'xstate.done.actor.removeLogo', output: { message: 'The logo has been removed.' } },
]);

const nameOf = (event: Step) =>
  event.field ? `${event.field}=${event.value}` : event.file ? `logo.select(${event.file.type})` : stepName(event);

async function renderProfile() {
  const { request, calls, isActorOutcome, settle } = controlledActors();
  const api = {
    profile: () => request<DealerProfile, void>('loadProfile')(),
    saveProfile: request<Saved, DealerProfileUpdate>('saveProfile'),
    uploadLogo: () => request<Uploaded, void>('uploadLogo')(),
    removeLogo: () => request<{ message: string | undefined }, void>('removeLogo')(),
  } as unknown as DealerOrganisationApi;
  const implementations = createDealerProfileImplementations({ api, storage: sessionStorage });
  const draft = readProfileDraft(sessionStorage);
  await renderInRouter('/dealer/profile', () => <DealerProfileView implementations={implementations} draft={draft} />);
  return { calls, isActorOutcome, settle };
}

type Path = (typeof formPaths)[number];
type Snapshot = Path['state'];

function expectScreenMatches(state: Snapshot, sent: DealerProfileUpdate[]) {
  if (state.matches('loading')) expect(screen.getByRole('status')).toHaveTextContent('Loading your profile…');
  if (state.matches('failed')) {
    expect(screen.getByRole('alert')).toHaveTextContent('No connection to the server.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  }
  if (!state.matches('ready')) return;
  expect(screen.getByText('Teile Süd GmbH')).toBeVisible();
  expect(screen.getByText('DE123456789')).toBeVisible();
  // Name and tax id are shown, never offered for editing.
  expect(screen.queryByLabelText('Company name')).toBeNull();
  expect(screen.queryByLabelText('Tax ID')).toBeNull();
  if (state.matches({ ready: { form: 'editing' } })) {
    expect(screen.getByLabelText('City')).toHaveValue(state.context.values.city);
    for (const id of Object.values(state.context.errors))
      if (id) expect(screen.getByText(texts[id] ?? id)).toBeVisible();
    // What is on screen and not saved is also in the draft, so a reload keeps it.
    const draft = readProfileDraft(sessionStorage);
    if (draft) expect(draft.values.city).toBe(state.context.values.city);
  }
  if (state.matches({ ready: { form: 'saving' } })) {
    expect(screen.getByRole('button', { name: /saving/i })).toHaveAttribute('aria-busy', 'true');
    // The changes go out with the version they were made on; name and tax id never.
    expect(sent.at(-1)).toMatchObject({ city: state.context.values.city, updated_at: state.context.baseVersion });
    expect(sent.at(-1)).not.toHaveProperty('name');
    expect(sent.at(-1)).not.toHaveProperty('tax_id');
  }
  if (state.matches({ ready: { form: 'conflict' } })) {
    const dialog = screen.getByRole('dialog', { name: 'A colleague changed the profile' });
    expect(within(dialog).getByRole('button', { name: 'Load their version' })).toBeVisible();
  }
  const { logoError } = state.context;
  if (logoError) expect(screen.getByText(texts[logoError] ?? logoError)).toBeVisible();
  if (state.matches({ ready: { logo: 'chosen' } })) {
    expect(screen.getByRole('img', { name: 'Preview of the chosen logo' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Upload logo' })).toBeEnabled();
  }
  if (state.matches({ ready: { logo: 'idle' } })) {
    expect(screen.queryByRole('button', { name: 'Upload logo' })).toBeNull();
    if (state.context.profile?.logo_url) {
      // The address changes with every upload (?v=…), so the browser shows the new logo.
      const src = screen.getByRole('img', { name: 'Current logo of Teile Süd GmbH' }).getAttribute('src');
      expect(src?.startsWith(`${state.context.profile.logo_url}?v=`)).toBe(true);
      expect(src).not.toBe(`${state.context.profile.logo_url}?v=0`);
    } else expect(screen.getByText('No logo uploaded yet.')).toBeVisible();
  }
}

async function replay(path: Path) {
  // The file input's accept list is a hint the machine does not rely on: any file reaches it.
  const user = userEvent.setup({ applyAccept: false });
  const { calls, isActorOutcome, settle } = await renderProfile();
  for (const { event: raw, state } of path.steps) {
    const event = raw as Step;
    if (isActorOutcome(event)) await settle(event);
    else if (event.type === 'profile.retry') await user.click(screen.getByRole('button', { name: 'Try again' }));
    else if (event.type === 'field.change' && event.field) {
      const input = screen.getByLabelText(labels[event.field]);
      await user.clear(input);
      await user.type(input, event.value ?? '');
    } else if (event.type === 'profile.save') await user.click(screen.getByRole('button', { name: 'Save profile' }));
    else if (event.type === 'conflict.takeTheirs')
      await user.click(screen.getByRole('button', { name: 'Load their version' }));
    else if (event.type === 'conflict.keepMine')
      await user.click(screen.getByRole('button', { name: 'Keep my changes' }));
    else if (event.type === 'logo.select' && event.file) {
      await user.upload(screen.getByLabelText('Choose a logo'), event.file);
    } else if (event.type === 'logo.cancel') await user.click(screen.getByRole('button', { name: 'Cancel' }));
    else if (event.type === 'logo.upload') await user.click(screen.getByRole('button', { name: 'Upload logo' }));
    else if (event.type === 'logo.remove') await user.click(screen.getByRole('button', { name: 'Remove logo' }));
    await waitFor(() => expectScreenMatches(state, (calls.saveProfile ?? []) as DealerProfileUpdate[]));
  }
}

describe('form', () => {
  test('the traversal reaches failed, editing, saving and conflict', () => {
    const reached = new Set(formPaths.map((path) => JSON.stringify(path.state.value)));
    expect(reached).toContain(JSON.stringify('failed'));
    for (const form of ['editing', 'saving', 'conflict']) {
      expect(reached).toContain(JSON.stringify({ ready: { form, logo: 'idle' } }));
    }
  });
  test.each(pathCases(withoutPrefixPaths(formPaths), nameOf))('%s', (_name, path) => replay(path), PATH_TIMEOUT_MS);
});

describe('logo', () => {
  test('the traversal reaches chosen, uploading and removing', () => {
    const reached = new Set(logoPaths.map((path) => JSON.stringify(path.state.value)));
    for (const logo of ['chosen', 'uploading', 'removing']) {
      expect(reached).toContain(JSON.stringify({ ready: { form: 'editing', logo } }));
    }
  });
  test.each(pathCases(withoutPrefixPaths(logoPaths), nameOf))('%s', (_name, path) => replay(path), PATH_TIMEOUT_MS);
});

test('unsaved edits survive a reload: the draft is read back into the form', async () => {
  const user = userEvent.setup();
  const first = await renderProfile();
  await first.settle({ type: 'xstate.done.actor.loadProfile', output: stored });
  await user.clear(screen.getByLabelText('City'));
  await user.type(screen.getByLabelText('City'), 'Augsburg');
  await user.type(screen.getByLabelText('Opening hours'), 'Mo–Fr 8–17');
  document.body.innerHTML = '';
  const second = await renderProfile();
  await second.settle({ type: 'xstate.done.actor.loadProfile', output: stored });
  expect(await screen.findByLabelText('City')).toHaveValue('Augsburg');
  expect(screen.getByLabelText('Opening hours')).toHaveValue('Mo–Fr 8–17');
});
