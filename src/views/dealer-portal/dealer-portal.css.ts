import { style } from '@vanilla-extract/css';
import { tableCards } from '../../ui/table-cards';
import { vars } from '../../ui/theme.css';
import * as fieldStyles from '../dealer-fields/dealer-fields.css';

export const page = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg, maxWidth: 960 });
export const cards = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))',
  gap: vars.space.md,
  padding: 0,
  margin: 0,
  listStyle: 'none',
});
export const figures = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  gap: `${vars.space.xs} ${vars.space.md}`,
  margin: 0,
});
export const figure = style({ margin: 0, fontWeight: 700, fontSize: vars.font.sizeLg });
export const inline = style({ display: 'flex', gap: vars.space.sm, alignItems: 'end', flexWrap: 'wrap' });
export const textarea = style([fieldStyles.textarea, { minHeight: 110 }]);
export const logo = style({
  maxWidth: 200,
  maxHeight: 120,
  objectFit: 'contain',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  padding: vars.space.xs,
});
export const table = style({ width: '100%', borderCollapse: 'collapse' });
// The colleagues' table: cards on a phone (issue 24).
tableCards(table);
export const cell = style({
  textAlign: 'left',
  padding: vars.space.sm,
  borderBottom: `1px solid ${vars.color.border}`,
});
export const actions = style({ display: 'flex', gap: vars.space.sm, flexWrap: 'wrap' });

export const tradeLinks = style({ display: 'grid', gap: vars.space.xs, padding: 0, listStyle: 'none' });
