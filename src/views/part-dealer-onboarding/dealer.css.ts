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
  maxWidth: 960,
  margin: '0 auto',
  padding: `${vars.space.sm} ${vars.space.md}`,
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: vars.space.sm,
  flexWrap: 'wrap',
});
export const headerActions = style({ display: 'flex', gap: vars.space.sm, alignItems: 'center' });
export const page = style({
  maxWidth: 960,
  margin: '0 auto',
  padding: `${vars.space.lg} ${vars.space.md} ${vars.space.xxl}`,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
});
export const grid = style({
  display: 'grid',
  gridTemplateColumns: '1fr 1fr',
  columnGap: vars.space.md,
  '@media': { [mobileQuery]: { gridTemplateColumns: '1fr' } },
});
export const brandGrid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))',
  gap: `0 ${vars.space.sm}`,
  border: 'none',
  padding: 0,
  margin: 0,
});
export const chips = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  margin: `${vars.space.sm} 0`,
  padding: 0,
  listStyle: 'none',
});
export const customBrand = style({ display: 'flex', gap: vars.space.sm, alignItems: 'end' });
export const reviewList = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  gap: `${vars.space.xs} ${vars.space.md}`,
  margin: 0,
});
export const textarea = style({
  width: '100%',
  minHeight: 88,
  padding: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  font: 'inherit',
});
