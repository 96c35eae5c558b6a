import { style } from '@vanilla-extract/css';
import { tableCards } from './table-cards';
import { cardsContainer } from './table-cards.css';
import { vars } from './theme.css';

// The lists' table (DataTable, in a scrolling card) and the pager under a list.
// A container: the lists become cards when it is narrow (beside the navigation at 1024 px, issue 24).
export const tableWrap = style([
  cardsContainer,
  {
    overflowX: 'auto',
    background: vars.color.surface,
    borderRadius: vars.radius.lg,
    boxShadow: vars.shadow.card,
  },
]);
export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: vars.font.sizeSm });
tableCards(table, { inContainer: true });
export const cell = style({
  textAlign: 'left',
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: 'middle',
  // Words stay whole ("Deaktiv/ieren" at 1280 px, issue 24); an e-mail column breaks anywhere
  // (DataColumn.breakAnywhere), so that it does not push the status and the actions out of view.
  overflowWrap: 'break-word',
});
export const pager = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: vars.space.md,
  marginTop: vars.space.md,
  flexWrap: 'wrap',
});
