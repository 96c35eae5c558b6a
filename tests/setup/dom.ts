import '@testing-library/jest-dom/vitest';
import { i18n } from '@lingui/core';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { messages as deMessages } from '../../locales/de/messages.po';
import { messages as enMessages } from '../../locales/en/messages.po';

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
const originalConsoleError = console.error;
beforeAll(() => {
  i18n.load({ de: deMessages, en: enMessages });
  i18n.activate('en');
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    originalConsoleError(...args);
    throw new Error(`console.error was called: ${args.map(String).join(' ').slice(0, 500)}`);
  });
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  i18n.activate('en');
});
