import { HIDE_LOADER_EVENT, SHOW_LOADER_EVENT, SHOW_SNACKBAR_EVENT } from './window-events';

const EVENT_NAMES = [SHOW_SNACKBAR_EVENT, SHOW_LOADER_EVENT, HIDE_LOADER_EVENT] as const;

/**
 * The notifications host loads after the page is interactive. Until it mounts, this records the
 * window events of docs/product.md §2.6 so none is lost; the host replays them when it takes over.
 */
export function recordEarlyNotificationEvents() {
  const recorded: Event[] = [];
  const record = (event: Event) => void recorded.push(event);
  for (const name of EVENT_NAMES) window.addEventListener(name, record);
  return {
    takeOver(): Event[] {
      for (const name of EVENT_NAMES) window.removeEventListener(name, record);
      return recorded.splice(0);
    },
  };
}

export type EarlyNotificationEvents = ReturnType<typeof recordEarlyNotificationEvents>;
