import { afterEach, expect, test, vi } from 'vitest';
import { recordEarlyInput } from '../../src/app/early-input';
import { replayEarlyInput } from '../../src/app/early-input-replay';
import {
  enterTypedIntoLivePage,
  handOverCaptchas,
  readTypedInCopy,
  restoreFocusInLivePage,
} from '../../src/app/typed-in-copy';

/** The same markup twice, as the build's copy and the app's live page produce it. */
function page(action: string) {
  return `
  <header><button type="button">Menü</button><a href="/register">Jetzt starten</a></header>
  <section><button type="button">Frage</button><button type="button">Frage</button></section>
  <form action="${action}" method="post">
    <label for="name-id">Firma</label><input id="name-id" name="company_name" type="text" value="" />
    <label for="email-id">E-Mail</label><input id="email-id" name="email" type="email" value="" />
    <label><input name="terms" type="checkbox" value="true" /> Bedingungen</label>
    <button type="submit">Senden</button>
  </form>`;
}

/** Sets up copy and live page; `takeOver` does what src/app/PrerenderHandoff.tsx does. */
function setUp(action = '/register') {
  const copy = document.createElement('div');
  copy.id = 'prerendered';
  copy.innerHTML = page(action);
  const livePage = document.createElement('div');
  livePage.id = 'root';
  livePage.innerHTML = page(action);
  document.body.append(copy, livePage);
  recordEarlyInput(copy);
  const takeOver = () => {
    const typed = readTypedInCopy(copy);
    copy.remove();
    enterTypedIntoLivePage(livePage, typed);
    handOverCaptchas(copy, livePage);
    replayEarlyInput(copy, livePage, restoreFocusInLivePage(livePage, typed));
  };
  return { copy, livePage, takeOver };
}

afterEach(() => {
  document.body.replaceChildren();
});

test('a click on a button of the copy marks it busy and reaches the same button once live', () => {
  const { copy, livePage, takeOver } = setUp();
  const secondQuestion = livePage.querySelectorAll('section button')[1];
  const clicked = vi.fn();
  secondQuestion?.addEventListener('click', clicked);
  (copy.querySelectorAll('section button')[1] as HTMLElement).click();
  expect(copy).toHaveAttribute('aria-busy', 'true');
  takeOver();
  expect(clicked).toHaveBeenCalledTimes(1);
  expect(secondQuestion).toHaveFocus();
});

test('what was typed into the copy reaches the live fields as input events, focus and caret included', () => {
  const { copy, livePage, takeOver } = setUp();
  const copyName = copy.querySelector<HTMLInputElement>('input[name="company_name"]');
  const copyEmail = copy.querySelector<HTMLInputElement>('input[name="email"]');
  if (!copyName || !copyEmail) throw new Error('markup changed');
  copyEmail.value = 'jana@example.de';
  copyName.value = 'Kfz Meier';
  copyName.focus();
  copyName.setSelectionRange(3, 3);
  (copy.querySelector('input[name="terms"]') as HTMLInputElement).click();
  // A field of a form takes its click and typing itself: the copy is not busy.
  expect(copy).not.toHaveAttribute('aria-busy');
  const liveName = livePage.querySelector<HTMLInputElement>('input[name="company_name"]');
  const inputs: string[] = [];
  livePage.addEventListener('input', (event) => inputs.push((event.target as HTMLInputElement).name));
  takeOver();
  expect(liveName).toHaveValue('Kfz Meier');
  expect(livePage.querySelector('input[name="email"]')).toHaveValue('jana@example.de');
  expect(livePage.querySelector('input[name="terms"]')).toBeChecked();
  expect(inputs).toEqual(expect.arrayContaining(['company_name', 'email']));
  expect(liveName).toHaveFocus();
  expect(liveName?.selectionStart).toBe(3);
});

test('untouched fields are left alone, and nothing is focused when nothing was', () => {
  const { livePage, takeOver } = setUp();
  const inputs = vi.fn();
  livePage.addEventListener('input', inputs);
  takeOver();
  expect(inputs).not.toHaveBeenCalled();
  expect(document.activeElement).toBe(document.body);
});

test('a form that needs the app is held on submit and sent by the live page once it took over', () => {
  const { copy, livePage, takeOver } = setUp('/register');
  const submitted = vi.fn((event: Event) => event.preventDefault());
  livePage.querySelector('form')?.addEventListener('submit', submitted);
  const copySubmit = new SubmitEvent('submit', {
    bubbles: true,
    cancelable: true,
    submitter: copy.querySelector('button[type="submit"]'),
  });
  copy.querySelector('form')?.dispatchEvent(copySubmit);
  expect(copySubmit.defaultPrevented).toBe(true);
  expect(copy).toHaveAttribute('aria-busy', 'true');
  takeOver();
  expect(submitted).toHaveBeenCalledTimes(1);
});

test('the login form is posted by the browser itself: its submit is not held', () => {
  const { copy } = setUp('/login');
  const copySubmit = new SubmitEvent('submit', { bubbles: true, cancelable: true });
  copy.querySelector('form')?.dispatchEvent(copySubmit);
  expect(copySubmit.defaultPrevented).toBe(false);
  expect(copy).not.toHaveAttribute('aria-busy');
});

test('links work in the copy on their own and are not replayed; without a click nothing happens', () => {
  const { copy, livePage, takeOver } = setUp();
  const link = copy.querySelector('a');
  // jsdom cannot follow the link; the browser would.
  link?.addEventListener('click', (event) => event.preventDefault());
  link?.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
  expect(copy).not.toHaveAttribute('aria-busy');
  takeOver();
  expect(document.activeElement).toBe(document.body);
  expect(livePage.querySelector('input[name="terms"]')).not.toBeChecked();
});

/** What src/views/captcha/captcha-in-copy.ts leaves in the copy's captcha place: the widget with its own controls. */
function loadWidgetInto(copy: Element, answer: string) {
  const widget = document.createElement('altcha-widget');
  widget.innerHTML = `<input type="checkbox" /><input type="hidden" name="captcha" value="${answer}" />`;
  copy.querySelector('[data-captcha-host]')?.append(widget);
  // Ticked by solving it: a changed control, which must not be taken for one of the form's own.
  (widget.querySelector('input[type="checkbox"]') as HTMLInputElement).checked = true;
  return widget;
}

/** A captcha place ahead of the e-mail field, so that the widget's controls come before typed ones. */
function withCaptchaPlace(container: Element) {
  container.querySelector('label[for="email-id"]')?.insertAdjacentHTML('beforebegin', '<div data-captcha-host></div>');
}

function submitCopy(copy: Element) {
  const event = new SubmitEvent('submit', {
    bubbles: true,
    cancelable: true,
    submitter: copy.querySelector('button[type="submit"]'),
  });
  copy.querySelector('form')?.dispatchEvent(event);
  return event;
}

test('the invitation request is posted by the browser once the copy has its captcha widget, held before', () => {
  const { copy } = setUp('/view-request');
  withCaptchaPlace(copy);
  expect(submitCopy(copy).defaultPrevented).toBe(true);
  copy.removeAttribute('aria-busy');
  loadWidgetInto(copy, 'solved-answer');
  const sent = submitCopy(copy);
  expect(sent.defaultPrevented).toBe(false);
  expect(copy).not.toHaveAttribute('aria-busy');
});

test('a form with a captcha the server does not answer is still held, widget or not', () => {
  const { copy } = setUp('/part-dealer-onboarding');
  withCaptchaPlace(copy);
  loadWidgetInto(copy, 'solved-answer');
  expect(submitCopy(copy).defaultPrevented).toBe(true);
});

test("the copy's widget moves into the live form's captcha place, and the typed values still find their fields", () => {
  const { copy, livePage, takeOver } = setUp('/part-dealer-onboarding');
  withCaptchaPlace(copy);
  withCaptchaPlace(livePage);
  const widget = loadWidgetInto(copy, 'solved-answer');
  (copy.querySelector('input[name="email"]') as HTMLInputElement).value = 'haendler@example.de';
  const livePlace = livePage.querySelector('[data-captcha-host]');
  const handedOver = vi.fn();
  livePlace?.addEventListener('captchahandover', handedOver);
  takeOver();
  expect(livePlace?.firstElementChild).toBe(widget);
  expect(handedOver).toHaveBeenCalledTimes(1);
  expect(livePage.querySelector('input[name="email"]')).toHaveValue('haendler@example.de');
  expect(livePage.querySelector('input[name="terms"]')).not.toBeChecked();
});

test('a held send is replayed on the live button once the app enables it (the captcha reached the machine)', async () => {
  const { copy, livePage, takeOver } = setUp('/part-dealer-onboarding');
  const liveSubmit = livePage.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (!liveSubmit) throw new Error('markup changed');
  liveSubmit.disabled = true;
  const submitted = vi.fn((event: Event) => event.preventDefault());
  livePage.querySelector('form')?.addEventListener('submit', submitted);
  submitCopy(copy);
  takeOver();
  expect(submitted).not.toHaveBeenCalled();
  liveSubmit.disabled = false;
  await vi.waitFor(() => expect(submitted).toHaveBeenCalledTimes(1));
});
