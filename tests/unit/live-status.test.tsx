import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import type { TradeEvent } from '../../common/contracts/trading';
import { createLiveEventSource, type EventSourceConstructor, liveEventsUrl } from '../../src/app/live-event-source';
import { LiveEventsProvider } from '../../src/app/live-events';
import { AppShell } from '../../src/views/shell/AppShell';
import { LiveStatus } from '../../src/views/shell/LiveStatus';
import { renderInRouter } from '../support/render-in-router';
import { aUser } from '../support/users';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** Stands in for the browser's EventSource: the test plays the server. */
class FakeEventSource extends EventTarget {
  static opened: FakeEventSource[] = [];
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    super();
    FakeEventSource.opened.push(this);
  }
  close() {
    this.closed = true;
  }
  ready(lastEventId: number) {
    this.dispatchEvent(new MessageEvent('ready', { data: JSON.stringify({ last_event_id: lastEventId }) }));
  }
  message(data: string) {
    this.onmessage?.(new MessageEvent('message', { data }));
  }
  fail() {
    this.onerror?.(new Event('error'));
  }
  named(type: 'reload' | 'ended', data: unknown) {
    this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
}

const tradeEvent: TradeEvent = {
  id: 57,
  kind: 'order.confirmed',
  inquiry_id: 3,
  order_id: 9,
  entity: 'order',
  entity_id: 9,
  before: 'placed',
  after: 'confirmed',
  actor: 'Dora Händler',
  details: {},
  at: '2026-11-25T08:00:00.000Z',
};

function setUp(onAccessEnded?: () => void) {
  FakeEventSource.opened = [];
  const network = Object.assign(new EventTarget(), { navigator: { onLine: true } });
  const source = createLiveEventSource({
    url: '/svc/part-dealer/events',
    EventSource: FakeEventSource as unknown as EventSourceConstructor,
    network,
    onAccessEnded,
  });
  const received: TradeEvent[] = [];
  source.subscribe((event) => received.push(event));
  render(
    <I18nProvider i18n={i18n}>
      <LiveEventsProvider source={source}>
        <LiveStatus />
      </LiveEventsProvider>
    </I18nProvider>,
  );
  act(() => source.start());
  const current = () => {
    const opened = FakeEventSource.opened.at(-1);
    if (!opened) throw new Error('no EventSource opened');
    return opened;
  };
  return { source, network, received, current };
}

test('the shell shows connecting, live, and offline once the connection failed; it reconnects with ?after=', () => {
  const { source, received, current } = setUp();
  expect(screen.getByRole('status')).toHaveTextContent('Connecting…');
  expect(current().url).toBe('/svc/part-dealer/events');
  expect(current().init).toEqual({ withCredentials: true });

  act(() => current().ready(50));
  expect(screen.getByRole('status')).toHaveTextContent('Live');
  act(() => {
    current().message('not json');
    current().message(JSON.stringify({ id: 58 }));
    current().message(JSON.stringify(tradeEvent));
  });
  expect(received).toEqual([tradeEvent]);

  act(() => current().fail());
  expect(FakeEventSource.opened[0]?.closed).toBe(true);
  expect(screen.getByRole('status')).toHaveTextContent('Offline – changes appear when the connection is back');
  act(() => vi.advanceTimersByTime(1000));
  expect(current().url).toBe('/svc/part-dealer/events?after=57');
  // A duplicate of what arrived before the drop is not handed on again.
  act(() => {
    current().ready(57);
    current().message(JSON.stringify(tradeEvent));
  });
  expect(received).toHaveLength(1);
  expect(screen.getByRole('status')).toHaveTextContent('Live');

  act(() => source.stop());
  expect(current().closed).toBe(true);
});

test('the browser going offline shows offline at once; German when the language is German', () => {
  const { network, current } = setUp();
  act(() => current().ready(1));
  act(() => {
    i18n.activate('de');
    network.navigator.onLine = false;
    network.dispatchEvent(new Event('offline'));
  });
  expect(current().closed).toBe(true);
  expect(screen.getByRole('status')).toHaveTextContent(
    'Offline – Änderungen erscheinen, sobald die Verbindung wieder steht',
  );
  act(() => network.dispatchEvent(new Event('online')));
  expect(screen.getByRole('status')).toHaveTextContent('Verbinde…');
  act(() => current().ready(1));
  expect(screen.getByRole('status')).toHaveTextContent('Verbunden');
});

test('reload from the server: every screen is told, and the stream follows from the position given (ADR 045)', () => {
  const { source, current } = setUp();
  let reloads = 0;
  source.subscribeReload(() => {
    reloads += 1;
  });
  // The tab's first stream going live is a reload too (the screen may have loaded before it).
  act(() => current().ready(50));
  expect(reloads).toBe(1);
  act(() => {
    current().named('reload', { last_event_id: 20 });
    current().ready(20);
  });
  expect(reloads).toBe(2);
  expect(screen.getByRole('status')).toHaveTextContent('Live');
  act(() => current().fail());
  act(() => vi.advanceTimersByTime(1000));
  expect(current().url).toBe('/svc/part-dealer/events?after=20');
});

test('ended for lost access: the connection closes, the app checks the session once, and no reconnect loop follows', () => {
  const onAccessEnded = vi.fn();
  const { current } = setUp(onAccessEnded);
  act(() => current().ready(50));
  act(() => current().named('ended', { reason: 'access' }));
  expect(current().closed).toBe(true);
  expect(onAccessEnded).toHaveBeenCalledTimes(1);
  // The browser's own reconnect is switched off too (an error after the end changes nothing).
  act(() => current().fail());
  act(() => vi.advanceTimersByTime(30_000));
  expect(FakeEventSource.opened).toHaveLength(1);
  expect(onAccessEnded).toHaveBeenCalledTimes(1);
  expect(screen.getByRole('status')).toHaveTextContent('Offline');
});

test('only workshop and dealer users have a stream', () => {
  const services = { auth: '/a', workshop: '/svc/workshop', partDealer: '/svc/part-dealer', insurer: '/svc/insurer' };
  expect(liveEventsUrl('workshop_user', services)).toBe('/svc/workshop/events');
  expect(liveEventsUrl('dealer_user', services)).toBe('/svc/part-dealer/events');
  expect(liveEventsUrl('system_admin', services)).toBeNull();
  expect(liveEventsUrl('user', services)).toBeNull();
  expect(liveEventsUrl('insurer_user', services)).toBeNull();
});

test('the shell shows the connection to workshop and dealer members, not to administrators', async () => {
  vi.useRealTimers();
  const offline = {
    subscribe: () => () => {},
    subscribeReload: () => () => {},
    subscribeStatus: () => () => {},
    status: () => 'offline' as const,
  };
  for (const [role, shown] of [
    ['workshop_user', true],
    ['dealer_user', true],
    ['system_admin', false],
  ] as const) {
    await renderInRouter('/dashboard', () => (
      <LiveEventsProvider source={offline}>
        <AppShell user={aUser({ role })} logoutImplementations={{}}>
          <p>page</p>
        </AppShell>
      </LiveEventsProvider>
    ));
    const status = screen.queryByRole('status');
    if (shown) expect(status).toHaveTextContent('Offline – changes appear when the connection is back');
    else expect(status).toBeNull();
    cleanup();
  }
});
