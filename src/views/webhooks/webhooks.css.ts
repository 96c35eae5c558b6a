import { style } from '@vanilla-extract/css';
import { tableCards } from '../../ui/table-cards';
import { vars } from '../../ui/theme.css';

export const toolbar = style({ display: 'flex', justifyContent: 'flex-end', margin: `${vars.space.md} 0` });
export const tableWrap = style({ overflowX: 'auto' });
export const table = style({ width: '100%', borderCollapse: 'collapse' });
tableCards(table);
export const cell = style({
  textAlign: 'left',
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: 'top',
  overflowWrap: 'anywhere',
});
export const code = style({ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', wordBreak: 'break-all' });
export const muted = style({ margin: 0, color: vars.color.textMuted });
export const actions = style({ display: 'flex', gap: vars.space.sm, flexWrap: 'wrap' });
export const kinds = style({
  border: 0,
  padding: 0,
  margin: `${vars.space.md} 0 0`,
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(14rem, 1fr))',
  columnGap: vars.space.md,
});
export const secretRow = style({ display: 'flex', gap: vars.space.sm, alignItems: 'center', flexWrap: 'wrap' });
export const secret = style([
  code,
  {
    flex: 1,
    minWidth: 0,
    padding: vars.space.sm,
    border: `1px solid ${vars.color.border}`,
    borderRadius: vars.radius.md,
    background: vars.color.surface,
    userSelect: 'all',
  },
]);
export const breakAnywhere = style({ overflowWrap: 'anywhere', wordBreak: 'break-all' });
/** A one-word column (Active, Paused) keeps its word whole. */
export const nowrap = style({ whiteSpace: 'nowrap', overflowWrap: 'normal' });
