import { useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { notificationsMachine, type SnackbarPayload } from '../../../machines/notifications.machine';
import * as styles from '../../ui/overlay.css';
import type { EarlyNotificationEvents } from './early-events';
import { HIDE_LOADER_EVENT, SHOW_LOADER_EVENT, SHOW_SNACKBAR_EVENT } from './window-events';

function isSnackbarPayload(value: unknown): value is SnackbarPayload {
  return typeof value === 'object' && value !== null;
}

/** Renders the snackbar (top right, 3 s) and the loader overlay for the window events. */
export function NotificationsHost({ earlyEvents }: { earlyEvents?: EarlyNotificationEvents }) {
  const { t } = useLingui();
  const notifications = useActorRef(notificationsMachine);
  const notification = useSelector(notifications, (snapshot) => snapshot.context.notification);
  const loaderVisible = useSelector(notifications, (snapshot) => snapshot.context.pendingLoaders > 0);

  useEffect(() => {
    const handle = (event: Event) => {
      if (event.type === SHOW_SNACKBAR_EVENT) onSnackbar(event);
      else if (event.type === SHOW_LOADER_EVENT) onShowLoader();
      else if (event.type === HIDE_LOADER_EVENT) onHideLoader();
    };
    const onSnackbar = (event: Event) => {
      const detail: unknown = (event as CustomEvent).detail;
      if (isSnackbarPayload(detail)) notifications.send({ type: 'snackbar.show', payload: detail });
    };
    const onShowLoader = () => notifications.send({ type: 'loader.show' });
    const onHideLoader = () => notifications.send({ type: 'loader.hide' });
    for (const event of earlyEvents?.takeOver() ?? []) handle(event);
    window.addEventListener(SHOW_SNACKBAR_EVENT, onSnackbar);
    window.addEventListener(SHOW_LOADER_EVENT, onShowLoader);
    window.addEventListener(HIDE_LOADER_EVENT, onHideLoader);
    return () => {
      window.removeEventListener(SHOW_SNACKBAR_EVENT, onSnackbar);
      window.removeEventListener(SHOW_LOADER_EVENT, onShowLoader);
      window.removeEventListener(HIDE_LOADER_EVENT, onHideLoader);
    };
  }, [notifications, earlyEvents]);

  return (
    <>
      <div className={styles.snackbarRegion} aria-live="polite">
        {notification ? (
          <div
            key={notification.id}
            className={styles.snackbar[notification.severity]}
            role={notification.severity === 'error' ? 'alert' : 'status'}
            data-severity={notification.severity}
          >
            <p className={styles.snackbarMessage}>{notification.message}</p>
            <button
              type="button"
              className={styles.snackbarClose}
              aria-label={t`Close notification`}
              onClick={() => notifications.send({ type: 'snackbar.dismiss' })}
            >
              ×
            </button>
          </div>
        ) : null}
      </div>
      {loaderVisible ? (
        <div className={styles.loaderOverlay} role="progressbar" aria-label={t`Loading`} aria-busy="true">
          <div className={styles.loaderSpinner} />
        </div>
      ) : null}
    </>
  );
}
