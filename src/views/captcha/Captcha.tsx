import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useEffect, useId, useRef, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { captchaMachine } from '../../../machines/captcha.machine';
import { appConfig } from '../../config/app-config';
import { messageCatalog } from '../../i18n/message-catalog';
import * as styles from '../../ui/controls.css';
import { useNearViewport } from '../../ui/use-near-viewport';
import { loadCaptchaProvider } from './captcha-provider';

export type CaptchaActor = ActorRefFrom<typeof captchaMachine>;

/**
 * The captcha of a public form. It mounts the provider's widget (self-hosted ALTCHA, or reCAPTCHA
 * v2 when configured), reports solved / expired / failed to the captcha machine, and resets the
 * widget whenever the machine says the answer must be given again. The widget code is loaded only
 * when the captcha comes near the viewport, so it never weighs on pages or screens without one.
 */
export function Captcha({ captcha }: { captcha: CaptchaActor }) {
  const { i18n } = useLingui();
  const errorId = useId();
  const host = useRef<HTMLDivElement>(null);
  const [widget, setWidget] = useState<{ reset: () => void } | null>(null);
  const error = useSelector(captcha, (snapshot) => snapshot.context.error);
  const resetGeneration = useSelector(captcha, (snapshot) => snapshot.context.resetGeneration);
  const near = useNearViewport(host);

  useEffect(() => {
    const element = host.current;
    if (!element || !near) return;
    let disposed = false;
    let unmount: (() => void) | null = null;
    loadCaptchaProvider(appConfig.captcha)
      .then((provider) => {
        if (disposed) return;
        const mounted = provider.mount(element, {
          language: i18n.locale,
          onSolved: (value) => captcha.send({ type: 'captcha.solved', value }),
          onExpired: () => captcha.send({ type: 'captcha.expired' }),
          onFailed: () => captcha.send({ type: 'captcha.failed' }),
        });
        unmount = mounted.unmount;
        setWidget(mounted);
      })
      .catch(() => captcha.send({ type: 'captcha.failed' }));
    return () => {
      disposed = true;
      unmount?.();
    };
  }, [captcha, i18n.locale, near]);

  useEffect(() => {
    if (resetGeneration > 0) widget?.reset();
  }, [resetGeneration, widget]);

  return (
    <div className={styles.field}>
      {/* The widget's height is reserved so its arrival does not shift the page (CLS). */}
      <div ref={host} aria-describedby={error ? errorId : undefined} data-testid="captcha" style={{ minHeight: 76 }} />
      {error ? (
        <p id={errorId} className={styles.errorText} role="alert">
          {i18n._(messageCatalog[error])}
        </p>
      ) : null}
    </div>
  );
}
