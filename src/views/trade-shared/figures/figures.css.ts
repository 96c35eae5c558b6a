import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css';

export const page = style({ display: 'grid', gap: vars.space.lg });
export const lists = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'repeat(auto-fit, minmax(320px, 1fr))',
});
export const analytics = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'repeat(auto-fit, minmax(360px, 1fr))',
});
export const analyticsHeader = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'end',
  justifyContent: 'space-between',
  gap: vars.space.md,
});
export const figure = style({ display: 'grid', gap: vars.space.sm, alignContent: 'start' });
export const keyFigure = style({ fontSize: '1.6rem', fontWeight: 700, margin: 0 });
export const chart = style({ color: vars.color.brand, overflowX: 'auto', minHeight: '80px' });
export const chartPending = style({ color: vars.color.textMuted, minHeight: '80px' });
export const tableToggle = style({});
export const tableScroll = style({ overflowX: 'auto' });
export const table = style({ borderCollapse: 'collapse', width: '100%', marginTop: vars.space.sm });
export const number = style({ textAlign: 'right', fontVariantNumeric: 'tabular-nums' });
export const download = style({ justifySelf: 'start' });
export const itemList = style({ display: 'grid', gap: vars.space.xs, padding: 0, margin: 0, listStyle: 'none' });
export const muted = style({ color: vars.color.textMuted });
