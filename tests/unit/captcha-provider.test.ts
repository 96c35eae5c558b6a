import { expect, test, vi } from 'vitest';

// The widget's code registers the real custom element; the handover needs only the element the
// copy left behind, so the package is not loaded here.
vi.mock('altcha', () => ({}));
vi.mock('altcha/i18n/de', () => ({}));

const { loadCaptchaProvider } = await import('../../src/views/captcha/captcha-provider');

/** The widget as the copy leaves it in the live captcha place (src/app/typed-in-copy.ts): its state and hidden answer. */
function handedOverWidget(state: string, answer: string, resetDue = false) {
  const host = document.createElement('div');
  const widget = Object.assign(document.createElement('altcha-widget'), { getState: () => state, reset: vi.fn() });
  widget.innerHTML = `<input type="hidden" name="captcha" value="${answer}" />`;
  if (resetDue) widget.setAttribute('data-reset-due', '');
  host.append(widget);
  return { host, widget };
}

function mountOptions() {
  return { language: 'de', onSolved: vi.fn(), onExpired: vi.fn(), onFailed: vi.fn() };
}

test('a widget solved in the copy is kept as it stands and its answer reported at once', async () => {
  const provider = await loadCaptchaProvider({ provider: 'altcha' }, 'de');
  const { host, widget } = handedOverWidget('verified', 'solved-in-copy');
  const options = mountOptions();
  provider.mount(host, options);
  expect(host.firstElementChild).toBe(widget);
  expect(options.onSolved).toHaveBeenCalledWith('solved-in-copy');
  // It keeps reporting to the live form from here on.
  widget.dispatchEvent(new CustomEvent('statechange', { detail: { state: 'expired' } }));
  expect(options.onExpired).toHaveBeenCalledTimes(1);
});

test('an unsolved widget is kept without an answer; one edited after solving is reset', async () => {
  const provider = await loadCaptchaProvider({ provider: 'altcha' }, 'de');
  const unsolved = handedOverWidget('unverified', '');
  const options = mountOptions();
  provider.mount(unsolved.host, options);
  expect(unsolved.host.firstElementChild).toBe(unsolved.widget);
  expect(options.onSolved).not.toHaveBeenCalled();

  const edited = handedOverWidget('verified', 'stale-answer', true);
  const editedOptions = mountOptions();
  provider.mount(edited.host, editedOptions);
  expect(editedOptions.onSolved).not.toHaveBeenCalled();
  expect(edited.widget.reset).toHaveBeenCalledTimes(1);
});
