import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';

export const status = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  margin: 0,
  fontSize: vars.font.sizeSm,
  color: vars.color.textMuted,
});

const dotBase = style({ width: '8px', height: '8px', borderRadius: vars.radius.pill, flexShrink: 0 });

/** The dot is decoration; the words carry the state (colour is never the only cue). */
export const dot = styleVariants({
  online: [dotBase, { background: vars.color.success }],
  connecting: [dotBase, { background: vars.color.border }],
  offline: [dotBase, { background: vars.color.accent }],
});
