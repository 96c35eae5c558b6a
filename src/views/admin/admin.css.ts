import { style } from '@vanilla-extract/css';
import { mobileQuery, vars } from '../../ui/theme.css';

export const filters = style({
  display: 'grid',
  gridTemplateColumns: '2fr 1fr',
  gap: vars.space.md,
  alignItems: 'end',
  '@media': { [mobileQuery]: { gridTemplateColumns: '1fr' } },
});
export const statusBadge = style({
  display: 'inline-block',
  padding: `2px ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  fontWeight: 600,
});
/** Three filters side by side (search, kind, status). */
export const filtersThree = style([
  filters,
  { gridTemplateColumns: '2fr 1fr 1fr', '@media': { [mobileQuery]: { gridTemplateColumns: '1fr' } } },
]);
/** A row of buttons under a heading (the opened organisation's actions). */
export const actions = style({
  display: 'flex',
  gap: vars.space.sm,
  flexWrap: 'wrap',
  margin: `${vars.space.md} 0`,
});
