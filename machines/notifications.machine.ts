import { assign, setup } from 'xstate';

/** docs/product.md §8/§9: notifications close by themselves after 3000 ms. */
export const SNACKBAR_AUTO_HIDE_MS = 3000;

export type Severity = 'error' | 'success' | 'info';

/** The payload of the `showSnackBar` window event (docs/product.md §2.6). */
export type SnackbarPayload = {
  message?: string;
  error?: boolean;
  success?: boolean;
  severity?: string;
};

/** docs/product.md §8: error if flagged or severity=error; success if flagged or carrying a message; else info. */
export function severityOf(payload: SnackbarPayload): Severity {
  if (payload.error || payload.severity === 'error') return 'error';
  if (payload.success || payload.message) return 'success';
  return 'info';
}

export type Notification = { id: number; message: string; severity: Severity };

type NotificationsEvent =
  | { type: 'snackbar.show'; payload: SnackbarPayload }
  | { type: 'snackbar.dismiss' }
  | { type: 'loader.show' }
  | { type: 'loader.hide' };

/**
 * The global snackbar and loader overlay, fed by the window events showSnackBar, showLoader and
 * hideLoader (src/views/notifications). The loader counts overlapping show/hide pairs.
 */
export const notificationsMachine = setup({
  types: {
    context: {} as { notification: Notification | null; nextId: number; pendingLoaders: number },
    events: {} as NotificationsEvent,
  },
  delays: { SNACKBAR_AUTO_HIDE: SNACKBAR_AUTO_HIDE_MS },
  actions: {
    rememberNotification: assign(({ context, event }) => {
      if (event.type !== 'snackbar.show') return {};
      return {
        notification: {
          id: context.nextId,
          message: event.payload.message ?? '',
          severity: severityOf(event.payload),
        },
        nextId: context.nextId + 1,
      };
    }),
    forgetNotification: assign({ notification: null }),
  },
}).createMachine({
  id: 'notifications',
  type: 'parallel',
  context: { notification: null, nextId: 1, pendingLoaders: 0 },
  states: {
    snackbar: {
      initial: 'hidden',
      states: {
        hidden: {
          on: { 'snackbar.show': { target: 'visible', actions: 'rememberNotification' } },
        },
        visible: {
          description: 'A newer notification replaces the shown one and restarts the 3 s timer.',
          after: { SNACKBAR_AUTO_HIDE: { target: 'hidden', actions: 'forgetNotification' } },
          on: {
            'snackbar.show': { target: 'visible', reenter: true, actions: 'rememberNotification' },
            'snackbar.dismiss': { target: 'hidden', actions: 'forgetNotification' },
          },
        },
      },
    },
    loader: {
      on: {
        'loader.show': { actions: assign({ pendingLoaders: ({ context }) => context.pendingLoaders + 1 }) },
        'loader.hide': {
          actions: assign({ pendingLoaders: ({ context }) => Math.max(0, context.pendingLoaders - 1) }),
        },
      },
    },
  },
});
