import { style } from '@vanilla-extract/css';
import { tableCards } from './table-cards';
import { cardsContainer } from './table-cards.css';
import { vars } from './theme.css';

// A settings list with secrets (API keys, webhooks): its toolbar, its table and the dialog that
// shows a secret once (SettingsTable.tsx, SecretOnceDialog.tsx).

export const toolbar = style({ display: 'flex', justifyContent: 'flex-end', margin: `${vars.space.md} 0` });
// A container: the rows become cards when it is narrow (beside the navigation at 1024 px, issue 24).
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
/** A one-word cell (Active, Paused, the revoke button's word) keeps its word whole. */
export const nowrap = style({ whiteSpace: 'nowrap', overflowWrap: 'normal' });
export const code = style({ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', wordBreak: 'break-all' });
export const muted = style({ margin: 0, color: vars.color.textMuted });
/** A row's buttons, wrapping on a narrow screen. */
export const actions = style({ display: 'flex', gap: vars.space.sm, flexWrap: 'wrap' });
/** An address in a dialog's title: long and unbroken, it may break anywhere rather than run off a phone's screen. */
export const breakAnywhere = style({ overflowWrap: 'anywhere', wordBreak: 'break-all' });
export const secretRow = style({ display: 'flex', gap: vars.space.sm, alignItems: 'center', flexWrap: 'wrap' });
export const secret = style([
  code,
  {
    // At least 14rem, else the copy button wraps below it: beside the button on a phone the
    // secret was squeezed into a column a few letters wide.
    flex: '1 1 14rem',
    minWidth: 0,
    padding: vars.space.sm,
    border: `1px solid ${vars.color.border}`,
    borderRadius: vars.radius.md,
    background: vars.color.surface,
    userSelect: 'all',
  },
]);
