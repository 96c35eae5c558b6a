import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { vars } from './theme.css';

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

const buttonBase = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.sm,
  minHeight: 44,
  padding: `0 ${vars.space.lg}`,
  borderRadius: vars.radius.md,
  border: '2px solid transparent',
  fontSize: vars.font.sizeMd,
  fontWeight: 600,
  fontFamily: 'inherit',
  cursor: 'pointer',
  textDecoration: 'none',
  selectors: { '&:disabled, &[aria-disabled="true"]': { opacity: 0.6, cursor: 'not-allowed' } },
});

export const button = styleVariants({
  primary: [
    buttonBase,
    {
      background: vars.color.brand,
      color: '#fff',
      selectors: { '&:hover:not(:disabled)': { background: vars.color.brandStrong } },
    },
  ],
  secondary: [buttonBase, { background: vars.color.surface, color: vars.color.brand, borderColor: vars.color.brand }],
  ghost: [buttonBase, { background: 'transparent', color: vars.color.brand, padding: `0 ${vars.space.sm}` }],
});

export const fullWidth = style({ width: '100%' });

export const spinner = style({
  width: 16,
  height: 16,
  borderRadius: '50%',
  border: '2px solid currentColor',
  borderRightColor: 'transparent',
  animation: `${spin} 0.8s linear infinite`,
});

export const field = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  marginBottom: vars.space.md,
});
export const label = style({ fontWeight: 600, fontSize: vars.font.sizeSm });
export const input = style({
  minHeight: 44,
  padding: `0 ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  fontSize: vars.font.sizeMd,
  fontFamily: 'inherit',
  background: vars.color.surface,
  color: vars.color.text,
  width: '100%',
  selectors: {
    '&[aria-invalid="true"]': { borderColor: vars.color.error, borderWidth: 2 },
    '&[readonly]': { background: vars.color.surfaceMuted },
  },
});
export const inputWithToggle = style({ position: 'relative', display: 'flex' });
export const toggle = style({
  position: 'absolute',
  right: 4,
  top: 4,
  bottom: 4,
  border: 'none',
  background: 'transparent',
  color: vars.color.brand,
  fontWeight: 600,
  cursor: 'pointer',
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
});
export const errorText = style({ color: vars.color.error, fontSize: vars.font.sizeSm, margin: 0 });
export const hint = style({ color: vars.color.textMuted, fontSize: vars.font.sizeSm, margin: 0 });
export const checkboxRow = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  marginBottom: vars.space.md,
  minHeight: 44,
});
/**
 * A checkbox in a list of many (a dialog's event kinds): rows close together without margins,
 * still 32 px high to tap (WCAG 2.5.8 asks for 24), so a phone shows the list as a list.
 */
export const denseField = style({ marginBottom: 0 });
export const denseCheckboxRow = style({ marginBottom: 0, minHeight: 32 });
export const checkbox = style({ width: 20, height: 20, accentColor: vars.color.brand });

export const card = style({
  background: vars.color.surface,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
  padding: vars.space.lg,
});

export const chip = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  padding: `${vars.space.xs} ${vars.space.sm} ${vars.space.xs} ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  background: vars.color.brandSoft,
  color: vars.color.brandStrong,
  fontSize: vars.font.sizeSm,
  fontWeight: 600,
});
export const chipRemove = style({
  border: 'none',
  background: 'transparent',
  color: 'inherit',
  cursor: 'pointer',
  minWidth: 24,
  minHeight: 24,
  borderRadius: vars.radius.pill,
  fontSize: vars.font.sizeMd,
});

const infoBoxBase = style({
  display: 'flex',
  gap: vars.space.md,
  alignItems: 'flex-start',
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  borderLeft: '4px solid',
  marginBottom: vars.space.md,
});
export const infoBox = styleVariants({
  info: [infoBoxBase, { background: vars.color.infoSoft, borderColor: vars.color.info }],
  success: [infoBoxBase, { background: vars.color.successSoft, borderColor: vars.color.success }],
  error: [infoBoxBase, { background: vars.color.errorSoft, borderColor: vars.color.error }],
});
export const infoBoxBody = style({ flex: 1 });
