import { style } from '@vanilla-extract/css';
import { mobileQuery, vars } from '../../ui/theme.css';

export const header = style({
  position: 'sticky',
  top: 0,
  zIndex: 20,
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
});
export const headerInner = style({
  maxWidth: 1200,
  margin: '0 auto',
  padding: `${vars.space.sm} ${vars.space.lg}`,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  flexWrap: 'wrap',
  '@media': { [mobileQuery]: { padding: `${vars.space.sm} ${vars.space.md}` } },
});
export const headerActions = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, flexWrap: 'wrap' });
export const hero = style({
  background: `linear-gradient(135deg, ${vars.color.brandStrong}, ${vars.color.brand})`,
  color: '#fff',
  padding: `${vars.space.xxl} ${vars.space.lg}`,
  '@media': { [mobileQuery]: { padding: `${vars.space.xl} ${vars.space.md}` } },
});
export const heroInner = style({ maxWidth: 1200, margin: '0 auto' });
export const heroTitle = style({
  fontSize: vars.font.sizeXxl,
  lineHeight: 1.15,
  margin: `0 0 ${vars.space.md}`,
  maxWidth: 760,
  '@media': { [mobileQuery]: { fontSize: vars.font.sizeXl } },
});
export const heroSubtitle = style({
  fontSize: vars.font.sizeLg,
  maxWidth: 680,
  margin: `0 0 ${vars.space.lg}`,
  opacity: 0.95,
});
export const heroCta = style({ background: '#fff', color: vars.color.brandStrong });
export const section = style({ maxWidth: 1200, margin: '0 auto', padding: `${vars.space.xl} ${vars.space.lg}` });
export const grid3 = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(3, 1fr)',
  gap: vars.space.lg,
  '@media': { [mobileQuery]: { gridTemplateColumns: '1fr' } },
});
