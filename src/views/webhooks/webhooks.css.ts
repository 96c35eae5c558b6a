import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';

/**
 * The event kinds to subscribe to: a tidy list of compact rows, in columns where the dialog is
 * wide enough (one column on a phone, where full-height rows spread 24 kinds over several screens).
 */
export const kinds = style({
  border: 0,
  padding: 0,
  margin: `${vars.space.md} 0 0`,
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(14rem, 1fr))',
  columnGap: vars.space.md,
  rowGap: vars.space.xs,
});
