import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { mobileQuery, vars } from './theme.css';

const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });
// Sliding rather than fading keeps the message at full contrast from its first frame.
const slideIn = keyframes({ from: { transform: 'translateY(-12px)' }, to: { transform: 'translateY(0)' } });

export const dialogOverlay = style({
  position: 'fixed',
  inset: 0,
  background: vars.color.overlay,
  animation: `${fadeIn} 150ms ease-out`,
  zIndex: 40,
});
export const dialogContent = style({
  position: 'fixed',
  top: '50%',
  left: '50%',
  transform: 'translate(-50%, -50%)',
  width: 'min(560px, calc(100vw - 32px))',
  maxHeight: 'calc(100vh - 32px)',
  overflowY: 'auto',
  background: vars.color.surface,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.raised,
  padding: vars.space.lg,
  zIndex: 41,
});
/** A dialog holding a table (the order upload's mapping preview). */
export const dialogContentWide = style([dialogContent, { width: 'min(1100px, calc(100vw - 32px))' }]);
export const dialogTitle = style({ margin: `0 0 ${vars.space.sm}`, fontSize: vars.font.sizeLg });
/**
 * The dialog's buttons stay at its bottom edge while a long content (the order review on a phone)
 * scrolls under them, so the decision is always in reach; the negative margins cover the content's
 * padding, so a short dialog looks as before.
 */
export const dialogActions = style({
  display: 'flex',
  justifyContent: 'flex-end',
  gap: vars.space.sm,
  flexWrap: 'wrap',
  position: 'sticky',
  bottom: `calc(-1 * ${vars.space.lg})`,
  margin: `${vars.space.md} calc(-1 * ${vars.space.lg}) calc(-1 * ${vars.space.lg})`,
  padding: `${vars.space.sm} ${vars.space.lg} ${vars.space.lg}`,
  background: vars.color.surface,
});

export const loaderOverlay = style({
  position: 'fixed',
  inset: 0,
  display: 'grid',
  placeItems: 'center',
  background: 'rgba(255,255,255,0.7)',
  zIndex: 60,
});
export const loaderSpinner = style({
  width: 48,
  height: 48,
  borderRadius: '50%',
  border: `4px solid ${vars.color.brand}`,
  borderRightColor: 'transparent',
  animation: `${keyframes({ to: { transform: 'rotate(360deg)' } })} 0.9s linear infinite`,
});

export const snackbarRegion = style({
  position: 'fixed',
  top: vars.space.md,
  right: vars.space.md,
  zIndex: 70,
  maxWidth: 'min(420px, calc(100vw - 32px))',
  '@media': { [mobileQuery]: { left: vars.space.md } },
});
const snackbarBase = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  padding: `${vars.space.sm} ${vars.space.sm} ${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  color: '#fff',
  boxShadow: vars.shadow.raised,
  animation: `${slideIn} 150ms ease-out`,
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
});
export const snackbar = styleVariants({
  error: [snackbarBase, { background: vars.color.error }],
  success: [snackbarBase, { background: vars.color.success }],
  info: [snackbarBase, { background: vars.color.info }],
});
export const snackbarMessage = style({ flex: 1, margin: 0 });
export const snackbarClose = style({
  border: 'none',
  background: 'transparent',
  color: '#fff',
  fontSize: vars.font.sizeLg,
  minWidth: 36,
  minHeight: 36,
  cursor: 'pointer',
  borderRadius: vars.radius.sm,
});

export const accordionItem = style({ borderBottom: `1px solid ${vars.color.border}` });
export const accordionTrigger = style({
  all: 'unset',
  boxSizing: 'border-box',
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  width: '100%',
  minHeight: 48,
  padding: `${vars.space.md} 0`,
  fontWeight: 600,
  cursor: 'pointer',
});
export const accordionIcon = style({
  fontSize: vars.font.sizeLg,
  transition: 'transform 150ms ease-out',
  selectors: { [`${accordionTrigger}[data-state="open"] &`]: { transform: 'rotate(45deg)' } },
});
export const accordionContent = style({ paddingBottom: vars.space.md, color: vars.color.textMuted });
