import { style } from '@vanilla-extract/css';
import { mobileQuery, vars } from '../../ui/theme.css';

export const filters = style({
  display: 'grid',
  gridTemplateColumns: '2fr 1fr',
  gap: vars.space.md,
  alignItems: 'end',
  '@media': { [mobileQuery]: { gridTemplateColumns: '1fr' } },
});
export const tableWrap = style({
  overflowX: 'auto',
  background: vars.color.surface,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
});
export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: vars.font.sizeSm });
export const cell = style({
  textAlign: 'left',
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: 'middle',
});
export const pager = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: vars.space.md,
  marginTop: vars.space.md,
  flexWrap: 'wrap',
});
export const statusBadge = style({
  display: 'inline-block',
  padding: `2px ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  fontWeight: 600,
});
/** Three filters side by side (search, kind, status). */
export const filtersThree = style([filters, { gridTemplateColumns: '2fr 1fr 1fr' }]);
/** A row of buttons under a heading (the opened organisation's actions). */
export const actions = style({
  display: 'flex',
  gap: vars.space.sm,
  flexWrap: 'wrap',
  margin: `${vars.space.md} 0`,
});
