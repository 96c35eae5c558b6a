import { style } from '@vanilla-extract/css';
import { mobileQuery, vars } from '../../ui/theme.css';

export const layout = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) 260px',
  gap: vars.space.lg,
  width: 'min(1040px, 100%)',
  alignItems: 'start',
  '@media': { [mobileQuery]: { gridTemplateColumns: '1fr' } },
});
export const stepLabel = style({ color: vars.color.textMuted, fontWeight: 600, margin: 0 });
export const readOnlyValue = style({ fontWeight: 600 });
export const buttons = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  flexWrap: 'wrap',
  marginTop: vars.space.lg,
});
/** docs/product.md §2: 1 to 4 columns by width, a 400 px high scrolling list. */
export const tileList = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(max(180px, calc((100% - 3 * 12px) / 4)), 1fr))',
  gap: 12,
  alignItems: 'start',
  maxHeight: 400,
  overflowY: 'auto',
  padding: 4,
  margin: 0,
  listStyle: 'none',
});
export const tile = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.sm,
  border: `2px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  selectors: {
    '&[data-selected="true"]': { borderColor: vars.color.brand, background: vars.color.brandSoft },
    '&[data-invalid="true"]': { borderColor: vars.color.error },
  },
});
export const tileButton = style({
  display: 'grid',
  placeItems: 'center',
  minHeight: 72,
  border: 'none',
  background: 'transparent',
  cursor: 'pointer',
  fontWeight: 700,
  color: vars.color.text,
  borderRadius: vars.radius.sm,
});
export const panel = style({
  marginTop: vars.space.lg,
  padding: vars.space.md,
  border: `1px dashed ${vars.color.border}`,
  borderRadius: vars.radius.md,
});
export const row = style({
  display: 'grid',
  gridTemplateColumns: '1fr 1fr auto',
  gap: vars.space.sm,
  alignItems: 'end',
  '@media': { [mobileQuery]: { gridTemplateColumns: '1fr' } },
});
export const detailsCard = style({ fontSize: vars.font.sizeSm });
export const header = style({
  width: 'min(1040px, 100%)',
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  flexWrap: 'wrap',
  gap: vars.space.sm,
});
