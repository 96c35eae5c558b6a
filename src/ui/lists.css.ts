import { style } from '@vanilla-extract/css';
import { tableCards } from './table-cards';
import { vars } from './theme.css';

// The lists' table (DataTable, in a scrolling card) and the pager under a list.
export const tableWrap = style({
  overflowX: 'auto',
  background: vars.color.surface,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
});
export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: vars.font.sizeSm });
tableCards(table);
export const cell = style({
  textAlign: 'left',
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: 'middle',
  // A long e-mail address breaks rather than push the status and the actions out of view.
  overflowWrap: 'anywhere',
});
export const pager = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: vars.space.md,
  marginTop: vars.space.md,
  flexWrap: 'wrap',
});
