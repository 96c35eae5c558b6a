import * as v from 'valibot';
import { describe, expect, test, vi } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import {
  type DashboardFigures,
  type DashboardPeriod,
  dashboardQuerySchema,
  parseDashboardPeriod,
  periodRange,
} from '../../common/contracts/dashboards';
import { type DashboardFiguresEvent, dashboardFiguresMachine } from '../../machines/dashboard-figures.machine';
import { figureCsv } from '../../src/views/trade-shared/figures/figure-table';
import { aWorkshopDashboard } from '../support/dashboards';
import { apiFailure } from '../support/failures';

describe('the period', () => {
  test.each([
    ['30d', '2026-11-25', '2026-10-27'],
    ['90d', '2026-11-25', '2026-08-28'],
    ['12m', '2026-11-25', '2025-12-01'],
    ['12m', '2026-01-31', '2025-02-01'],
    ['12m', '2024-02-29', '2023-03-01'],
    ['ytd', '2026-11-25', '2026-01-01'],
  ] as const)('%s on %s starts on %s and ends today', (period, today, from) => {
    const range = periodRange(period, today);
    expect(range).toEqual({ from, to: today });
    expect(v.is(dashboardQuerySchema, range)).toBe(true);
  });

  test('the URL value is read by the contract: anything unknown is the default', () => {
    expect(parseDashboardPeriod('90d')).toBe('90d');
    expect(parseDashboardPeriod('2y')).toBe('12m');
    expect(parseDashboardPeriod(undefined)).toBe('12m');
    expect(parseDashboardPeriod(['30d'])).toBe('12m');
  });

  test.each([
    [{ from: '2026-03-01', to: '2026-02-28' }],
    [{ from: '2025-01-01', to: '2026-01-03' }],
    [{ from: '2026-02-30', to: '2026-03-01' }],
    [{ from: '', to: '2026-03-01' }],
  ])('the server refuses %j with periodInvalid', (query) => {
    const result = v.safeParse(dashboardQuerySchema, query);
    expect(result.success).toBe(false);
    expect(result.issues?.[0]?.message).toBe('periodInvalid');
  });
});

describe('the CSV export', () => {
  test('text is quoted, formula-like cells are defused, numbers stay numbers', () => {
    const csv = figureCsv({
      columns: ['Dealer', 'Spend (EUR)'],
      rows: [
        {
          key: 'a',
          cells: [
            { display: '=Teile', raw: '=HYPERLINK("x")' },
            { display: '1.234,56 €', raw: 1234.56 },
          ],
        },
        {
          key: 'b',
          cells: [
            { display: '+1', raw: '+1' },
            { display: '-5', raw: -5 },
          ],
        },
        {
          key: 'c',
          cells: [
            { display: '@x', raw: '@SUM(A1)' },
            { display: '0', raw: 0 },
          ],
        },
        {
          key: 'd',
          cells: [
            { display: 'Süd; "A"', raw: 'Süd, "A"' },
            { display: '1', raw: 1 },
          ],
        },
      ],
    });
    expect(csv).toBe(
      '\uFEFF"Dealer","Spend (EUR)"\r\n"\'=HYPERLINK(""x"")",1234.56\r\n"\'+1",-5\r\n"\'@SUM(A1)",0\r\n"Süd, ""A""",1\r\n',
    );
  });
});

function startFigures(
  load: (period: DashboardPeriod) => Promise<DashboardFigures>,
  options: { period?: DashboardPeriod; onUrl?: (period: DashboardPeriod) => void } = {},
) {
  let restore: (() => void) | null = null;
  const actor = createActor(
    dashboardFiguresMachine.provide({
      actors: {
        loadFigures: fromPromise(({ input }) => load(input.period)),
        watchConnection: fromCallback<DashboardFiguresEvent>(({ sendBack }) => {
          restore = () => sendBack({ type: 'connection.restored' });
          return () => {
            restore = null;
          };
        }),
      },
      actions: { syncUrl: (_, { period }) => options.onUrl?.(period) },
    }),
    { input: { period: options.period ?? '12m' } },
  ).start();
  return { actor, restore: () => restore?.() };
}

describe('the figures flow', () => {
  test('loads the URL period, then another one chosen on the screen, writing it into the URL', async () => {
    const asked: DashboardPeriod[] = [];
    const urls: DashboardPeriod[] = [];
    const { actor } = startFigures(
      async (period) => {
        asked.push(period);
        return aWorkshopDashboard({ from: period });
      },
      { period: '90d', onUrl: (period) => urls.push(period) },
    );
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await vi.waitFor(() => expect(actor.getSnapshot().matches('showing')).toBe(true));
    expect(actor.getSnapshot().context.shownPeriod).toBe('90d');
    actor.send({ type: 'period.choose', period: '30d' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    // The last figures stay on screen while the next period loads.
    expect(actor.getSnapshot().context.figures?.from).toBe('90d');
    await vi.waitFor(() => expect(actor.getSnapshot().context.shownPeriod).toBe('30d'));
    expect(urls).toEqual(['30d']);
    // The URL echoing the choice changes nothing; the same period chosen again neither.
    actor.send({ type: 'period.sync', period: '30d' });
    actor.send({ type: 'period.choose', period: '30d' });
    expect(actor.getSnapshot().matches('showing')).toBe(true);
    expect(asked).toEqual(['90d', '30d']);
  });

  test('the URL changing (back, a link) loads its period without writing the URL again', async () => {
    const urls: DashboardPeriod[] = [];
    const { actor } = startFigures(async () => aWorkshopDashboard(), { onUrl: (period) => urls.push(period) });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('showing')).toBe(true));
    actor.send({ type: 'period.sync', period: 'ytd' });
    expect(actor.getSnapshot().context.period).toBe('ytd');
    await vi.waitFor(() => expect(actor.getSnapshot().context.shownPeriod).toBe('ytd'));
    expect(urls).toEqual([]);
  });

  test('a refusal shows the message and can be retried', async () => {
    let attempts = 0;
    const { actor } = startFigures(async () => {
      attempts += 1;
      if (attempts === 1) throw apiFailure('Bitte wählen Sie einen gültigen Zeitraum', 'periodInvalid');
      return aWorkshopDashboard();
    });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('failed')).toBe(true));
    expect(actor.getSnapshot().context.loadError).toBe('Bitte wählen Sie einen gültigen Zeitraum');
    actor.send({ type: 'figures.retry' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('showing')).toBe(true));
    expect(actor.getSnapshot().context.loadError).toBeNull();
  });

  test('offline, it waits for the connection and loads again by itself', async () => {
    let online = false;
    const started = startFigures(async () => {
      if (!online) throw apiFailure('Keine Verbindung zum Server.', 'networkError');
      return aWorkshopDashboard();
    });
    await vi.waitFor(() => expect(started.actor.getSnapshot().matches('offline')).toBe(true));
    expect(started.actor.getSnapshot().context.loadError).toBe('Keine Verbindung zum Server.');
    online = true;
    started.restore();
    await vi.waitFor(() => expect(started.actor.getSnapshot().matches('showing')).toBe(true));
  });
});
