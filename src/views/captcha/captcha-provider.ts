import { CAPTCHA_WIDGET_TAG } from '../../../common/captcha';
import { CAPTCHA_FIELD_NAME } from '../../../common/prerendered-pages';
import type { ClientConfig } from '../../config/client-config';

export type MountedCaptcha = { reset: () => void; unmount: () => void };

export type CaptchaProvider = {
  mount: (
    host: HTMLElement,
    options: {
      language: string;
      onSolved: (value: string) => void;
      onExpired: () => void;
      onFailed: () => void;
    },
  ) => MountedCaptcha;
};

type AltchaElement = HTMLElement & { reset?: () => void; getState?: () => string };
type AltchaStateChange = CustomEvent<{ state: string; payload?: string }>;

/** Set on the copy's widget while a reset is due (an edit after solving it, ./captcha-in-copy.ts). */
export const CAPTCHA_RESET_DUE_ATTRIBUTE = 'data-reset-due';

/** The answer of a widget that is solved right now (its hidden input carries it), else null. */
export function solvedAnswerOf(widget: Element): string | null {
  if (widget.hasAttribute(CAPTCHA_RESET_DUE_ATTRIBUTE)) return null;
  const state = (widget as AltchaElement).getState?.();
  const answer = widget.querySelector<HTMLInputElement>(`input[name="${CAPTCHA_FIELD_NAME}"]`)?.value ?? '';
  return state === 'verified' && answer ? answer : null;
}

/**
 * Self-hosted ALTCHA: the widget fetches its challenge from this server's /captcha/challenge.
 * A widget already in the host was loaded into the prerendered copy and moved here when the app
 * took over (ADR 046): it is kept as it stands, and reported solved at once if it is.
 */
async function loadAltcha(): Promise<CaptchaProvider> {
  await Promise.all([import('altcha'), import('altcha/i18n/de')]);
  return {
    mount(host, options) {
      const handedOver = host.querySelector<AltchaElement>(CAPTCHA_WIDGET_TAG);
      const widget = handedOver ?? (document.createElement(CAPTCHA_WIDGET_TAG) as AltchaElement);
      if (!handedOver) {
        widget.setAttribute('challenge', '/captcha/challenge');
        widget.setAttribute('language', options.language);
        widget.setAttribute('name', CAPTCHA_FIELD_NAME);
      }
      const onStateChange = (event: Event) => {
        const { state, payload } = (event as AltchaStateChange).detail;
        if (state === 'verified' && payload) options.onSolved(payload);
        else if (state === 'expired') options.onExpired();
        else if (state === 'error') options.onFailed();
      };
      widget.addEventListener('statechange', onStateChange);
      if (handedOver) {
        // Solved in the copy: the form gets the answer. Edited after solving: solved again, as the
        // captcha machine would have required a moment later.
        const answer = solvedAnswerOf(handedOver);
        if (answer) options.onSolved(answer);
        else if (handedOver.hasAttribute(CAPTCHA_RESET_DUE_ATTRIBUTE)) {
          handedOver.removeAttribute(CAPTCHA_RESET_DUE_ATTRIBUTE);
          handedOver.reset?.();
        }
      } else {
        host.replaceChildren(widget);
      }
      return {
        reset: () => widget.reset?.(),
        unmount: () => {
          widget.removeEventListener('statechange', onStateChange);
          widget.remove();
        },
      };
    },
  };
}

type Grecaptcha = {
  ready: (callback: () => void) => void;
  render: (host: HTMLElement, options: Record<string, unknown>) => number;
  reset: (id: number) => void;
};

/** Google reCAPTCHA v2, used only when RECAPTCHA_SITE_KEY is configured. */
async function loadRecaptcha(siteKey: string, language: string): Promise<CaptchaProvider> {
  const scope = window as unknown as { grecaptcha?: Grecaptcha };
  if (!scope.grecaptcha) {
    await new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = `https://www.google.com/recaptcha/api.js?render=explicit&hl=${encodeURIComponent(language)}`;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => reject(new Error('reCAPTCHA could not be loaded'));
      document.head.append(script);
    });
  }
  const grecaptcha = scope.grecaptcha;
  if (!grecaptcha) throw new Error('reCAPTCHA is unavailable');
  await new Promise<void>((resolve) => grecaptcha.ready(resolve));
  return {
    mount(host, options) {
      const container = document.createElement('div');
      host.replaceChildren(container);
      const id = grecaptcha.render(container, {
        sitekey: siteKey,
        callback: options.onSolved,
        'expired-callback': options.onExpired,
        'error-callback': options.onFailed,
      });
      return { reset: () => grecaptcha.reset(id), unmount: () => container.remove() };
    },
  };
}

export function loadCaptchaProvider(
  config: ClientConfig['captcha'],
  language = document.documentElement.lang,
): Promise<CaptchaProvider> {
  return config.provider === 'recaptcha' ? loadRecaptcha(config.siteKey, language) : loadAltcha();
}
