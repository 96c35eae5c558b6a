import { style } from '@vanilla-extract/css';
import { mobileQuery, vars } from '../../ui/theme.css';

export const centeredPage = style({
  minHeight: '100vh',
  display: 'grid',
  placeItems: 'center',
  padding: vars.space.md,
});
export const narrowCard = style({ width: 'min(440px, 100%)' });
export const logoLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  color: vars.color.brandStrong,
  fontWeight: 800,
  fontSize: vars.font.sizeLg,
  textDecoration: 'none',
  minHeight: 44,
});
export const languageGroup = style({ display: 'inline-flex', gap: vars.space.xs });
export const languageButton = style({
  minWidth: 44,
  minHeight: 44,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  borderRadius: vars.radius.md,
  fontWeight: 600,
  cursor: 'pointer',
  selectors: {
    '&[aria-pressed="true"]': { background: vars.color.brand, color: '#fff', borderColor: vars.color.brand },
  },
});
export const pageTitle = style({ fontSize: vars.font.sizeXl, margin: `${vars.space.md} 0` });
export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const actionsRow = style({
  display: 'flex',
  gap: vars.space.sm,
  flexWrap: 'wrap',
  alignItems: 'center',
  '@media': { [mobileQuery]: { flexDirection: 'column', alignItems: 'stretch' } },
});
