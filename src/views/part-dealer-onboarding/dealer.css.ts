import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';

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
export const customBrand = style({ display: 'flex', gap: vars.space.sm, alignItems: 'end' });
