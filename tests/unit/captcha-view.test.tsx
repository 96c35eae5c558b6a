import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { expect, test, vi } from 'vitest';
import type { CaptchaProvider } from '../../src/views/captcha/captcha-provider';
import { startReportingCaptcha } from '../support/captcha-parent';

const fakeWidget = vi.hoisted(() => ({
  reset: vi.fn(),
  unmount: vi.fn(),
  options: null as null | Parameters<CaptchaProvider['mount']>[1],
}));

// The real widget fetches a challenge and solves proof-of-work; here the provider is a fake that
// lets the test play the widget's part.
vi.mock('../../src/views/captcha/captcha-provider', () => ({
  loadCaptchaProvider: async (): Promise<CaptchaProvider> => ({
    mount: (_host, options) => {
      fakeWidget.options = options;
      return { reset: fakeWidget.reset, unmount: fakeWidget.unmount };
    },
  }),
}));

const { Captcha } = await import('../../src/views/captcha/Captcha');

/** The captcha inside a form, as on every page; `used` focuses a field first (loading the widget). */
function renderCaptcha({ used = true } = {}) {
  fakeWidget.options = null;
  const reporting = startReportingCaptcha();
  const { captcha } = reporting;
  render(
    <I18nProvider i18n={i18n}>
      <form>
        <input aria-label="Name" />
        <Captcha captcha={captcha} />
      </form>
    </I18nProvider>,
  );
  if (used) fireEvent.focusIn(screen.getByLabelText('Name'));
  return reporting;
}

test('the widget is not loaded until the visitor starts using the form', async () => {
  renderCaptcha({ used: false });
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(fakeWidget.options).toBeNull();
  fireEvent.pointerDown(screen.getByLabelText('Name'));
  await waitFor(() => expect(fakeWidget.options).not.toBeNull());
});

test('a solved widget hands its answer through the captcha machine to the form', async () => {
  const { answer } = renderCaptcha();
  await waitFor(() => expect(fakeWidget.options).not.toBeNull());
  act(() => fakeWidget.options?.onSolved('solution-payload'));
  expect(answer()).toBe('solution-payload');
});

test('expiry shows the translated captcha error under the widget', async () => {
  const { answer } = renderCaptcha();
  await waitFor(() => expect(fakeWidget.options).not.toBeNull());
  act(() => fakeWidget.options?.onSolved('solution-payload'));
  act(() => fakeWidget.options?.onExpired());
  expect(answer()).toBeNull();
  expect(await screen.findByRole('alert')).toHaveTextContent('Please confirm that you are not a robot.');
});

test('when the machine resets the captcha, the widget is reset too', async () => {
  const { captcha } = renderCaptcha();
  await waitFor(() => expect(fakeWidget.options).not.toBeNull());
  fakeWidget.reset.mockClear();
  act(() => fakeWidget.options?.onSolved('solution-payload'));
  act(() => captcha.send({ type: 'captcha.reset' }));
  expect(fakeWidget.reset).toHaveBeenCalledTimes(1);
});

test('a widget the prerendered copy handed over is taken over at once, without waiting for the form to be used', async () => {
  renderCaptcha({ used: false });
  const place = screen.getByTestId('captcha');
  place.append(document.createElement('altcha-widget'));
  place.dispatchEvent(new Event('captchahandover'));
  await waitFor(() => expect(fakeWidget.options).not.toBeNull());
});
