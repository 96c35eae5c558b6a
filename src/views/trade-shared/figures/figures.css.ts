import { style } from '@vanilla-extract/css';
import { tableCards } from '../../../ui/table-cards';
import { vars } from '../../../ui/theme.css';

// minmax(0, 1fr): a wide child (an unfolded table) must not widen the page (issue 24).
export const page = style({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: vars.space.lg });
export const lists = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(320px, 100%), 1fr))',
});
export const analytics = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(360px, 100%), 1fr))',
});
export const analyticsHeader = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'end',
  justifyContent: 'space-between',
  gap: vars.space.md,
});
export const figure = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.sm,
  alignContent: 'start',
  minWidth: 0,
});
export const keyFigure = style({ fontSize: '1.6rem', fontWeight: 700, margin: 0 });
export const chart = style({ color: vars.color.brand, overflowX: 'auto', minHeight: '80px' });
export const chartPending = style({ color: vars.color.textMuted, minHeight: '80px' });
export const tableToggle = style({});
export const tableScroll = style({ overflowX: 'auto' });
export const table = style({ borderCollapse: 'collapse', width: '100%', marginTop: vars.space.sm });
tableCards(table);
export const number = style({ textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });
export const download = style({ justifySelf: 'start' });
export const itemList = style({ display: 'grid', gap: vars.space.xs, padding: 0, margin: 0, listStyle: 'none' });
export const muted = style({ color: vars.color.textMuted });
