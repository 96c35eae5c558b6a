import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';

/** The table scrolls sideways on a narrow screen instead of squeezing its columns. */
export const scroll = style({ overflowX: 'auto', maxWidth: '100%' });
export const table = style({
  borderCollapse: 'collapse',
  width: '100%',
  minWidth: 480,
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
