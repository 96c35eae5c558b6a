import { style } from '@vanilla-extract/css';
import { tableCards } from '../../ui/table-cards';
import { mobileQuery, vars } from '../../ui/theme.css';

/** Between a phone and a laptop the table scrolls in its own box rather than squeezing its columns; on a phone it becomes cards. */
export const scroll = style({ overflowX: 'auto', maxWidth: '100%' });
export const table = style({
  borderCollapse: 'collapse',
  width: '100%',
  minWidth: 480,
  '@media': { [mobileQuery]: { minWidth: 0 } },
  background: vars.color.surface,
});
export const cell = style({
  padding: vars.space.sm,
  borderBottom: `1px solid ${vars.color.border}`,
  textAlign: 'left',
  verticalAlign: 'top',
});
export const numeric = style([cell, { textAlign: 'right', whiteSpace: 'nowrap' }]);
export const caption = style({ textAlign: 'left', fontWeight: 600, padding: `${vars.space.sm} 0` });
tableCards(table);
