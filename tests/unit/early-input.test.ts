import { afterEach, expect, test, vi } from 'vitest';
import { recordEarlyInput, replayEarlyInput } from '../../src/app/early-input';
import { enterTypedIntoLivePage, readTypedInCopy, restoreFocusInLivePage } from '../../src/app/typed-in-copy';

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
