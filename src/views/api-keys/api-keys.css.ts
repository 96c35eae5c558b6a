import { style } from '@vanilla-extract/css';
import { tableCards } from '../../ui/table-cards';
import { cardsContainer } from '../../ui/table-cards.css';
import { vars } from '../../ui/theme.css';

export const toolbar = style({ display: 'flex', justifyContent: 'flex-end', margin: `${vars.space.md} 0` });
// A container: the keys become cards when it is narrow (beside the navigation at 1024 px, issue 24).
export const tableWrap = style([cardsContainer, { overflowX: 'auto' }]);
export const table = style({ width: '100%', borderCollapse: 'collapse' });
tableCards(table, { inContainer: true });
export const cell = style({
  textAlign: 'left',
  // Close columns: six of them beside the navigation at 1280 px, with a long key name.
  padding: vars.space.sm,
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: 'top',
  overflowWrap: 'break-word',
});
/** The revoke button's one visible word is never broken letter by letter (it is short: the name is for screen readers). */
export const actionCell = style({ whiteSpace: 'nowrap' });
export const code = style({ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', wordBreak: 'break-all' });
export const muted = style({ margin: 0, color: vars.color.textMuted });
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
