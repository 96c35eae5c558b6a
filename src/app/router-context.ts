import type { EarlyNotificationEvents } from '../views/notifications/early-events';
import type { AppServices, BrowserStorage } from './session-bootstrap';

/** Resolves the app's services (session actor, API clients), loading their chunk on first use. */
export type LazyServices = { ready: () => Promise<AppServices> };

/** What every route's guards and components receive (ADR 019 §7). */
export type RouterContext = {
  services: LazyServices;
  earlyNotifications: EarlyNotificationEvents;
};

export function createLazyServices(onSessionChange: () => void, storage: BrowserStorage): LazyServices {
  let loading: Promise<AppServices> | null = null;
  return {
    ready: () => {
      loading ??= import('./session-bootstrap').then(({ bootstrapSession }) =>
        bootstrapSession(onSessionChange, storage),
      );
      return loading;
    },
  };
}
