import { createGlobalTheme, globalStyle } from '@vanilla-extract/css';

/** docs/product.md §9: at 768px or narrower the layout switches to mobile. */
export const MOBILE_BREAKPOINT_PX = 768;
export const mobileQuery = `screen and (max-width: ${MOBILE_BREAKPOINT_PX}px)`;

export const vars = createGlobalTheme(':root', {
  color: {
    brand: '#0b5fad',
    brandStrong: '#084a87',
    brandSoft: '#e7f0fa',
    accent: '#f08a00',
    text: '#1b2733',
    textMuted: '#4a5a6a',
    surface: '#ffffff',
    surfaceMuted: '#f4f7fa',
    border: '#c9d3dd',
    focus: '#1a73e8',
    error: '#b3261e',
    errorSoft: '#fdecea',
    success: '#1e7b34',
    successSoft: '#e8f5ec',
    info: '#0b5fad',
    infoSoft: '#e7f0fa',
    overlay: 'rgba(16, 24, 32, 0.55)',
  },
  space: { xs: '4px', sm: '8px', md: '16px', lg: '24px', xl: '40px', xxl: '64px' },
  radius: { sm: '4px', md: '8px', lg: '16px', pill: '999px' },
  font: {
    body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    sizeSm: '0.875rem',
    sizeMd: '1rem',
    sizeLg: '1.25rem',
    sizeXl: '1.75rem',
    sizeXxl: '2.5rem',
  },
  shadow: {
    card: '0 1px 3px rgba(16,24,32,.12), 0 4px 12px rgba(16,24,32,.06)',
    raised: '0 8px 24px rgba(16,24,32,.18)',
  },
});

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });
globalStyle('html', { scrollBehavior: 'smooth' });
globalStyle('body', {
  margin: 0,
  fontFamily: vars.font.body,
  fontSize: vars.font.sizeMd,
  lineHeight: 1.5,
  color: vars.color.text,
  background: vars.color.surfaceMuted,
});
globalStyle('a', { color: vars.color.brand });
globalStyle(':focus-visible', { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' });
globalStyle('.visually-hidden', {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0,0,0,0)',
  whiteSpace: 'nowrap',
  border: 0,
});
// Anchored sections land below the sticky header instead of under it.
globalStyle('section[id]', { scrollMarginTop: 80 });
// A click on the prerendered copy before the app took it over: the pointer says it is coming.
globalStyle('#prerendered[aria-busy="true"], #prerendered[aria-busy="true"] *', { cursor: 'progress' });
