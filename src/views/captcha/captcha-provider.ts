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

type AltchaElement = HTMLElement & { reset?: () => void };
type AltchaStateChange = CustomEvent<{ state: string; payload?: string }>;

/** Self-hosted ALTCHA: the widget fetches its challenge from this server's /captcha/challenge. */
async function loadAltcha(): Promise<CaptchaProvider> {
  await Promise.all([import('altcha'), import('altcha/i18n/de')]);
  return {
    mount(host, options) {
      const widget = document.createElement('altcha-widget') as AltchaElement;
      widget.setAttribute('challenge', '/captcha/challenge');
      widget.setAttribute('language', options.language);
      widget.setAttribute('name', 'captcha');
      const onStateChange = (event: Event) => {
        const { state, payload } = (event as AltchaStateChange).detail;
        if (state === 'verified' && payload) options.onSolved(payload);
        else if (state === 'expired') options.onExpired();
        else if (state === 'error') options.onFailed();
      };
      widget.addEventListener('statechange', onStateChange);
      host.replaceChildren(widget);
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
