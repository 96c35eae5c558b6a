import '@testing-library/jest-dom/vitest';
import { i18n } from '@lingui/core';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { messages as deMessages } from '../../locales/de/messages.po';
import { messages as enMessages } from '../../locales/en/messages.po';
// Before any render: the label lookup that Testing Library's queries lean on (see the file).
import './jsdom-label-control';
// …and the default stylesheet's matching that every getComputedStyle repeats (see the file).
import './jsdom-default-style';
// …and React's owner stack for every element it creates (see the file).
import { ownerStacksWanted } from './react-owner-stacks';

// findBy…/waitFor give up after 1 s by default: on a busy 2-core machine a view that renders in
// 50 ms alone can take longer, and the test then fails for the machine's speed, not the code's
// (issue 23 §5). What they wait for must still appear; only the patience is longer.
configure({ asyncUtilTimeout: 10_000 });

// jsdom does not lay out pages, so it has no scrollIntoView; the focus it accompanies is still real.
if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};
// The router restores scroll positions; jsdom only logs "not implemented" for window.scrollTo.
window.scrollTo = () => {};
// jsdom has no layout, so no ResizeObserver (charts redraw on a width change in a browser); nothing ever resizes here.
if (typeof globalThis.ResizeObserver === 'undefined') {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

// epic-stack habit: an unexpected console.error (React warnings, failed props) fails the test.
// The files of a worker share one jsdom (isolate: false, ADR 038): this file runs again for each,
// so the spy is put back after each file rather than wrapped around the previous file's spy.
let consoleErrorSpy: ReturnType<typeof vi.spyOn> | null = null;
beforeAll(() => {
  i18n.load({ de: deMessages, en: enMessages });
  i18n.activate('en');
  const originalConsoleError = console.error;
  consoleErrorSpy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    originalConsoleError(...args);
    const hint = ownerStacksWanted ? '' : ' (TEST_REACT_OWNER_STACKS=1 adds React’s owner stacks)';
    throw new Error(`console.error was called${hint}: ${args.map(String).join(' ').slice(0, 500)}`);
  });
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  i18n.activate('en');
});

// What one file could leave for the next one in the same jsdom (no-leftovers.ts checks timers and
// the clock): stubbed globals and environment variables, a page that is not empty. Put back, and
// named as the file's failure so that it gets fixed.
afterAll(() => {
  consoleErrorSpy?.mockRestore();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  const leftElements = document.body.childElementCount;
  document.body.replaceChildren();
  if (leftElements > 0) {
    throw new Error(`this file left ${leftElements} element(s) in the page for the next file in its worker`);
  }
});
