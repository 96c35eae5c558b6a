import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import { CAPTCHA_HANDOVER_EVENT } from '../../../common/captcha';
import { CAPTCHA_HOST_ATTRIBUTE } from '../../../common/prerendered-pages';
import type { captchaMachine } from '../../../machines/captcha.machine';
import { appConfig } from '../../config/app-config';
import { messageCatalog } from '../../i18n/message-catalog';
import * as styles from '../../ui/controls.css';
import { loadCaptchaProvider } from './captcha-provider';

export type CaptchaActor = ActorRefFrom<typeof captchaMachine>;

/**
 * The captcha of a public form. It mounts the provider's widget (self-hosted ALTCHA, or reCAPTCHA
 * v2 when configured), reports solved / expired / failed to the captcha machine, and resets the
 * widget whenever the machine says the answer must be given again. The widget code (~35 KB) is
 * loaded when the visitor starts using the form (focus, pointer or key anywhere in it), so a page
 * that is only looked at never pays for it, and it is ready by the time the form is filled. On a
 * prerendered page the copy may have loaded the widget already: the takeover moves it into this
 * place (src/app/typed-in-copy.ts), and it is taken over as it stands, solved or not (ADR 046).
 */
export function Captcha({ captcha }: { captcha: CaptchaActor }) {
  const { i18n } = useLingui();
  const errorId = useId();
  const host = useRef<HTMLDivElement>(null);
  const [widget, setWidget] = useState<{ reset: () => void } | null>(null);
  const error = useSelector(captcha, (snapshot) => snapshot.context.error);
  const resetGeneration = useSelector(captcha, (snapshot) => snapshot.context.resetGeneration);
  const wanted = useFirstUseOfForm(host);

  useEffect(() => {
    const element = host.current;
    if (!element || !wanted) return;
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
  }, [captcha, i18n.locale, wanted]);

  useEffect(() => {
    if (resetGeneration > 0) widget?.reset();
  }, [resetGeneration, widget]);

  return (
    <div className={styles.field}>
      {/* The widget's height is reserved so its arrival does not shift the page (CLS). */}
      <div
        ref={host}
        aria-describedby={error ? errorId : undefined}
        data-testid="captcha"
        {...{ [CAPTCHA_HOST_ATTRIBUTE]: '' }}
        style={{ minHeight: 76 }}
      />
      {error ? (
        <p id={errorId} className={styles.errorText} role="alert">
          {i18n._(messageCatalog[error])}
        </p>
      ) : null}
    </div>
  );
}

/**
 * True from the first focus, pointer press or key press inside the form around `element`, once
 * the visitor scrolls the captcha into view (e.g. a long form restored from a draft), or once the
 * prerendered copy handed its widget over. Being in view when the page opens does not count: a
 * page that is only looked at stays light.
 */
function useFirstUseOfForm(element: RefObject<HTMLElement | null>) {
  const [used, setUsed] = useState(false);
  useEffect(() => {
    const captcha = element.current;
    const area = captcha?.closest('form') ?? captcha;
    if (!captcha || !area || used) return;
    const events = ['focusin', 'pointerdown', 'keydown'] as const;
    const onUse = () => setUsed(true);
    for (const name of events) area.addEventListener(name, onUse, { once: true, passive: true });
    captcha.addEventListener(CAPTCHA_HANDOVER_EVENT, onUse, { once: true });
    // Something in the form may already have focus (e.g. the page was restored with focus in it),
    // or the copy's widget was handed over before this effect ran.
    if (area.contains(document.activeElement) || captcha.firstElementChild) setUsed(true);
    let observer: IntersectionObserver | null = null;
    if (typeof IntersectionObserver !== 'undefined') {
      let initial = true;
      observer = new IntersectionObserver((entries) => {
        if (!initial && entries.some((entry) => entry.isIntersecting)) setUsed(true);
        initial = false;
      });
      observer.observe(captcha);
    }
    return () => {
      for (const name of events) area.removeEventListener(name, onUse);
      captcha.removeEventListener(CAPTCHA_HANDOVER_EVENT, onUse);
      observer?.disconnect();
    };
  }, [element, used]);
  return used;
}
