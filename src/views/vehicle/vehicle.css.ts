import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';

export const report = style({ margin: 0, fontSize: vars.font.sizeSm, display: 'grid', gap: vars.space.xs });
export const problems = style({ margin: 0, paddingLeft: vars.space.lg, color: vars.color.error });
export const problemTitle = style({ margin: 0, fontWeight: 600, color: vars.color.error });
export const valid = style({ margin: 0, fontWeight: 600, color: vars.color.success });
export const advisory = style({ margin: 0, color: vars.color.textMuted });
export const decode = style({ margin: 0 });
export const suggestion = style({ alignSelf: 'start' });
/** The VIN itself: a monospace face so 0 and O, 1 and I can be told apart. */
export const vin = style({ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' });
export const decodedInline = style({ display: 'block', fontSize: vars.font.sizeSm, color: vars.color.textMuted });
export const card = style({ maxWidth: 640 });
