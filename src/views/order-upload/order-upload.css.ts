import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';

export const dropZone = style({
  border: `2px dashed ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: vars.space.lg,
  display: 'grid',
  gap: vars.space.sm,
  justifyItems: 'start',
});
export const dropZoneActive = style([dropZone, { borderColor: vars.color.brand, background: vars.color.brandSoft }]);
export const tableScroll = style({ overflowX: 'auto', maxWidth: '100%', maxHeight: '55vh', overflowY: 'auto' });
export const table = style({ borderCollapse: 'collapse', width: '100%', fontSize: vars.font.sizeSm });
export const cell = style({
  padding: vars.space.xs,
  borderBottom: `1px solid ${vars.color.border}`,
  textAlign: 'left',
  verticalAlign: 'top',
});
export const headerCell = style([cell, { position: 'sticky', top: 0, background: vars.color.surface, zIndex: 1 }]);
export const droppedRow = style({ color: vars.color.textMuted, textDecoration: 'line-through' });
export const cellInput = style({
  width: '100%',
  minWidth: '6rem',
  padding: vars.space.xs,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  font: 'inherit',
});
export const cellInputInvalid = style([cellInput, { borderColor: vars.color.error, background: vars.color.errorSoft }]);
export const roleSelect = style({ font: 'inherit', padding: vars.space.xs, marginTop: vars.space.xs });
export const problem = style({ color: vars.color.error, margin: 0 });
export const warning = style({ color: vars.color.textMuted, margin: 0 });
export const toolbar = style({
  display: 'flex',
  gap: vars.space.sm,
  flexWrap: 'wrap',
  alignItems: 'center',
  margin: `${vars.space.sm} 0`,
});
export const visuallyHidden = style({
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
});
