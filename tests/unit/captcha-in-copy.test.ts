import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import type { CaptchaProvider } from '../../src/views/captcha/captcha-provider';

const fakeWidget = vi.hoisted(() => ({
  reset: vi.fn(),
  options: null as null | Parameters<CaptchaProvider['mount']>[1],
  host: null as null | HTMLElement,
}));

// The real widget fetches a challenge and solves proof-of-work; here the provider is a fake that
// puts a stand-in element into the place and lets the test play the widget's part.
vi.mock('../../src/views/captcha/captcha-provider', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/views/captcha/captcha-provider')>()),
  loadCaptchaProvider: async (): Promise<CaptchaProvider> => ({
    mount: (host, options) => {
      fakeWidget.options = options;
      fakeWidget.host = host;
      host.replaceChildren(document.createElement('altcha-widget'));
      return { reset: fakeWidget.reset, unmount: () => {} };
    },
  }),
}));

const { loadCaptchasInCopy } = await import('../../src/views/captcha/captcha-in-copy');

function copyWithCaptchaForm() {
  const copy = document.createElement('div');
  copy.id = 'prerendered';
  copy.innerHTML = `
    <form action="/view-request" method="post">
      <input name="workshop_account_name" />
      <label><input type="checkbox" name="brand" /> Audi</label>
      <div data-captcha-host></div>
      <button type="submit">Senden</button>
    </form>`;
  document.body.append(copy);
  return copy;
}

/** A copy whose widget has been mounted, with the clock in the test's hands from then on. */
async function copyWithMountedWidget() {
  const copy = copyWithCaptchaForm();
  loadCaptchasInCopy(copy);
  await vi.waitFor(() => expect(fakeWidget.options).not.toBeNull());
  vi.useFakeTimers();
  return copy;
}

function edit(copy: Element, selector: string) {
  copy.querySelector(selector)?.dispatchEvent(new Event('input', { bubbles: true }));
}

beforeEach(() => {
  fakeWidget.options = null;
  fakeWidget.host = null;
  fakeWidget.reset.mockClear();
});
afterEach(() => {
  vi.useRealTimers();
  document.body.replaceChildren();
});

test("the widget alone is mounted into the copy's captcha place, in the page's language", async () => {
  document.documentElement.lang = 'de';
  const copy = copyWithCaptchaForm();
  loadCaptchasInCopy(copy);
  await vi.waitFor(() => expect(fakeWidget.host).toBe(copy.querySelector('[data-captcha-host]')));
  expect(fakeWidget.options?.language).toBe('de');
});

test('a copy the app has already taken over gets no widget', async () => {
  const copy = copyWithCaptchaForm();
  loadCaptchasInCopy(copy);
  copy.remove();
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(fakeWidget.host).toBeNull();
});

test('solved, then a field edited: the widget is reset 1 s after the last edit, and marked until then', async () => {
  const copy = await copyWithMountedWidget();
  fakeWidget.options?.onSolved('answer');
  edit(copy, 'input[name="workshop_account_name"]');
  vi.advanceTimersByTime(600);
  edit(copy, 'input[name="workshop_account_name"]');
  const widget = copy.querySelector('altcha-widget');
  expect(widget).toHaveAttribute('data-reset-due');
  vi.advanceTimersByTime(999);
  expect(fakeWidget.reset).not.toHaveBeenCalled();
  vi.advanceTimersByTime(1);
  expect(fakeWidget.reset).toHaveBeenCalledTimes(1);
  expect(widget).not.toHaveAttribute('data-reset-due');
});

test('a ticked box is not a tracked edit, and an edit before solving resets nothing', async () => {
  const copy = await copyWithMountedWidget();
  edit(copy, 'input[name="workshop_account_name"]');
  fakeWidget.options?.onSolved('answer');
  edit(copy, 'input[name="brand"]');
  vi.advanceTimersByTime(2000);
  expect(fakeWidget.reset).not.toHaveBeenCalled();
});

test('once the app has taken the page over, the copy no longer resets the widget (the machine does)', async () => {
  const copy = await copyWithMountedWidget();
  fakeWidget.options?.onSolved('answer');
  edit(copy, 'input[name="workshop_account_name"]');
  copy.remove();
  vi.advanceTimersByTime(2000);
  expect(fakeWidget.reset).not.toHaveBeenCalled();
});
