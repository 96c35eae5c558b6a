import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { getShortestPaths } from 'xstate/graph';
import type { DashboardPeriod, DealerDashboard } from '../../common/contracts/dashboards';
import type { DealerOverview } from '../../common/contracts/dealer-organisation';
import { dashboardFiguresMachine } from '../../machines/dashboard-figures.machine';
import { DealerDashboardView } from '../../src/views/dealer-portal/DealerDashboardView';
import { createDealerDashboardImplementations } from '../../src/views/dealer-portal/use-dealer-dashboard';
import { createDashboardFiguresImplementations } from '../../src/views/trade-shared/figures/use-dashboard-figures';
import { aDealerDashboard } from '../support/dashboards';
import { apiFailure } from '../support/failures';
import { controlledActors, type Step as PathStep, pathCases, stepName } from '../support/path-replay';
import { renderInRouter } from '../support/render-in-router';

/*
 * The figures flow's paths (loading, period change, error and retry, offline and back) driven
 * through the dealer's real dashboard view: every state the shortest paths reach is checked on screen.
 */

const overview: DealerOverview = {
  organisation: { id: 4, name: 'Teile Nord GmbH' },
  customers: { requested: 0, active: 2, declined: 0 },
  colleagues: 1,
  profile: { has_logo: true, has_opening_hours: true, complete: true },
};
const figuresOf = (period: DashboardPeriod): DealerDashboard =>
  aDealerDashboard({ from: period === '30d' ? '2026-10-27' : '2025-12-01' });
const PATH_TIMEOUT_MS = 20_000;

type Step = PathStep<{ period?: DashboardPeriod }>;

const paths = getShortestPaths(dashboardFiguresMachine, {
  input: { period: '12m' },
  events: [
    { type: 'xstate.done.actor.loadFigures', output: figuresOf('12m') },
    { type: 'xstate.error.actor.loadFigures', error: apiFailure('The server is unavailable.', 'serviceUnavailable') },
    { type: 'xstate.error.actor.loadFigures', error: apiFailure('No connection to the server.', 'networkError') },
    { type: 'figures.retry' },
    { type: 'connection.restored' },
    { type: 'period.choose', period: '30d' },
  ] as never,
  serializeState: (snapshot) => JSON.stringify({ value: snapshot.value, period: snapshot.context.period }),
});

const nameOf = (step: Step) => `${stepName(step)}${step.period ? `(${step.period})` : ''}`;

type Path = (typeof paths)[number];

function expectScreenMatches(state: Path['state'], urls: DashboardPeriod[]) {
  const analytics = screen.getByRole('region', { name: 'Analytics' });
  expect(analytics).toHaveAttribute('aria-busy', String(state.hasTag('busy')));
  expect(within(analytics).getByLabelText('Period')).toHaveValue(state.context.period);
  if (state.hasTag('busy')) expect(within(analytics).getByText('Loading the figures…')).toBeVisible();
  if (state.matches('failed')) {
    expect(within(analytics).getByText('The server is unavailable.')).toBeVisible();
    expect(within(analytics).getByRole('button', { name: 'Try again' })).toBeVisible();
  }
  if (state.matches('offline')) {
    expect(
      within(analytics).getByText('You are offline. The figures load again as soon as the connection is back.'),
    ).toBeVisible();
  }
  if (state.context.figures) {
    expect(within(analytics).getByText('25%')).toBeVisible();
    expect(within(analytics).getByRole('region', { name: 'Lost lines by reason' })).toBeVisible();
    expect(screen.getByRole('link', { name: /Autohaus Becker, Audi A3: 4 lines/ })).toBeVisible();
  } else {
    expect(within(analytics).queryByText('25%')).toBeNull();
  }
  if (state.context.period === '30d') expect(urls.at(-1)).toBe('30d');
}

async function replay(path: Path) {
  const user = userEvent.setup();
  const { request, calls, isActorOutcome, settle } = controlledActors();
  const urls: DashboardPeriod[] = [];
  const listeners = new Set<() => void>();
  const network = {
    addEventListener: (_: string, listener: () => void) => void listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => void listeners.delete(listener),
  } as unknown as Window;
  const figuresImplementations = createDashboardFiguresImplementations({
    figures: request<DealerDashboard, DashboardPeriod>('loadFigures'),
    navigate: (period) => urls.push(period),
    network,
  });
  const implementations = createDealerDashboardImplementations({
    api: { overview: async () => overview } as never,
  });
  await renderInRouter('/dashboard', () => (
    <DealerDashboardView
      implementations={implementations}
      figuresImplementations={figuresImplementations}
      period="12m"
    />
  ));
  await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Teile Nord GmbH'));
  for (const { event: raw, state } of path.steps) {
    const event = raw as Step;
    // The figures answer for the period asked.
    if (isActorOutcome(event))
      await settle(event, figuresOf((calls.loadFigures?.at(-1) as DashboardPeriod | undefined) ?? '12m'));
    else if (event.type === 'figures.retry') await user.click(screen.getByRole('button', { name: 'Try again' }));
    else if (event.type === 'connection.restored')
      await act(async () => {
        for (const listener of listeners) listener();
      });
    else if (event.type === 'period.choose')
      await user.selectOptions(screen.getByLabelText('Period'), event.period ?? '12m');
    await waitFor(() => expectScreenMatches(state, urls));
  }
  await waitFor(() => expectScreenMatches(path.state, urls));
}

describe('dashboard figures: every path through the real dealer dashboard', () => {
  test('covers loading, showing, failed and offline', () => {
    const states = new Set(paths.map((path) => JSON.stringify(path.state.value)));
    expect(states).toEqual(new Set(['"loading"', '"showing"', '"failed"', '"offline"']));
  });
  test.each(pathCases(paths, nameOf))('%s', async (_, path) => replay(path), PATH_TIMEOUT_MS);
});
