import { style } from '@vanilla-extract/css';
import { mobileQuery, vars } from '../../ui/theme.css';

export const page = style({
  maxWidth: 1040,
  margin: '0 auto',
  padding: `${vars.space.lg} ${vars.space.md} ${vars.space.xxl}`,
});
export const header = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: vars.space.md,
  flexWrap: 'wrap',
});
export const cards = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(3, 1fr)',
  gap: vars.space.lg,
  marginTop: vars.space.lg,
  '@media': { [mobileQuery]: { gridTemplateColumns: '1fr' } },
});
export const cardTitle = style({ marginTop: 0, fontSize: vars.font.sizeLg });
