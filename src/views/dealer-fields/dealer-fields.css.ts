import { style } from '@vanilla-extract/css';
import { mobileQuery, vars } from '../../ui/theme.css';

/** The dealer form's layout, shared by the registration and the dealer's company profile. */
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
export const textarea = style({
  width: '100%',
  minHeight: 88,
  padding: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  font: 'inherit',
});
/** A label-and-value list (the review dialog, the profile's read-only company data). */
export const definitionList = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  gap: `${vars.space.xs} ${vars.space.md}`,
  margin: 0,
});
