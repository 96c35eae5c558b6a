import { style } from '@vanilla-extract/css';
import { mobileQuery, vars } from '../../ui/theme.css';

export const header = style({
  position: 'sticky',
  zIndex: 20,
  top: 0,
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
export const nav = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  '@media': { [mobileQuery]: { display: 'none' } },
});
export const navOpen = style({
  '@media': {
    [mobileQuery]: {
      display: 'flex',
      flexDirection: 'column',
      alignItems: 'stretch',
      position: 'absolute',
      top: '100%',
      left: 0,
      right: 0,
      background: vars.color.surface,
      padding: vars.space.md,
      borderBottom: `1px solid ${vars.color.border}`,
      boxShadow: vars.shadow.raised,
    },
  },
});
export const navAnchor = style({
  color: vars.color.text,
  fontWeight: 600,
  textDecoration: 'none',
  padding: `${vars.space.sm} 0`,
  minHeight: 44,
  display: 'inline-flex',
  alignItems: 'center',
});
export const menuToggle = style({ display: 'none', '@media': { [mobileQuery]: { display: 'inline-flex' } } });
export const heroButtons = style({ display: 'flex', gap: vars.space.sm, flexWrap: 'wrap' });
export const banner = style({
  background: vars.color.brandSoft,
  padding: `${vars.space.xl} ${vars.space.lg}`,
  textAlign: 'center',
});
export const twoColumns = style({
  display: 'grid',
  gridTemplateColumns: '1fr 1fr',
  gap: vars.space.xl,
  alignItems: 'start',
  '@media': { [mobileQuery]: { gridTemplateColumns: '1fr' } },
});
export const quote = style({ margin: 0, fontStyle: 'italic' });
export const locationImage = style({
  width: 370,
  height: 'auto',
  maxWidth: '100%',
  borderRadius: vars.radius.md,
  '@media': { [mobileQuery]: { width: 311 } },
});
export const address = style({ fontStyle: 'normal', lineHeight: 1.7 });
export const footer = style({
  background: vars.color.text,
  color: '#fff',
  padding: `${vars.space.xl} ${vars.space.lg}`,
});
export const footerInner = style({
  maxWidth: 1200,
  margin: '0 auto',
  display: 'grid',
  gridTemplateColumns: 'repeat(3, 1fr)',
  gap: vars.space.lg,
  '@media': { [mobileQuery]: { gridTemplateColumns: '1fr' } },
});
export const footerLink = style({ color: '#fff', display: 'inline-block', minHeight: 32 });
export const footerList = style({
  listStyle: 'none',
  padding: 0,
  margin: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
});
