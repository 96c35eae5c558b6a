import type { SnackbarPayload } from '../../../machines/notifications.machine';

/**
 * The global contract of docs/product.md §2.6: any code may raise these window events; the
 * notifications host turns them into the snackbar and the loader overlay.
 */
export const SHOW_SNACKBAR_EVENT = 'showSnackBar';
export const SHOW_LOADER_EVENT = 'showLoader';
export const HIDE_LOADER_EVENT = 'hideLoader';

export function showSnackBar(payload: SnackbarPayload) {
  window.dispatchEvent(new CustomEvent<SnackbarPayload>(SHOW_SNACKBAR_EVENT, { detail: payload }));
}

export function showLoader() {
  window.dispatchEvent(new Event(SHOW_LOADER_EVENT));
}

export function hideLoader() {
  window.dispatchEvent(new Event(HIDE_LOADER_EVENT));
}
