import { style, styleVariants } from '@vanilla-extract/css';
import { tableCards } from '../../ui/table-cards';
import { CARDS_CONTAINER, cardsContainer } from '../../ui/table-cards.css';
import { mobileQuery, vars } from '../../ui/theme.css';

export const header = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(14rem, 1fr))',
  gap: vars.space.md,
  padding: vars.space.md,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  margin: `${vars.space.md} 0`,
});
export const facts = style({
  margin: 0,
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  gap: `${vars.space.xs} ${vars.space.md}`,
  // The sums stay together at the top instead of spreading over the height of the facts beside them.
  alignContent: 'start',
});
export const term = style({ color: vars.color.textMuted });
export const value = style({ margin: 0 });
/** Text the workshop typed (a note, its reference): line breaks kept, a long word broken rather than cut off. */
export const freeTextValue = style([value, { whiteSpace: 'pre-line', overflowWrap: 'anywhere' }]);
// A container: the orders' tables turn into cards when it is narrow (issue 24, table-cards.ts).
export const tableWrap = style([cardsContainer, { overflowX: 'auto', margin: `${vars.space.md} 0` }]);
export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: vars.font.sizeSm });
tableCards(table, { inContainer: true });
export const cell = style({
  textAlign: 'left',
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: 'top',
  // Closer columns beside the navigation (1280 px), so that the line actions stay in view.
  '@container': { [`${CARDS_CONTAINER} (max-width: 1000px)`]: { padding: `${vars.space.sm} ${vars.space.xs}` } },
});
export const caption = style({ textAlign: 'left', fontWeight: 600, padding: `${vars.space.sm} 0` });
export const filters = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(3, 1fr)',
  gap: vars.space.sm,
  alignItems: 'end',
  '@media': { [mobileQuery]: { gridTemplateColumns: '1fr' } },
});
export const actions = style({ display: 'flex', gap: vars.space.xs, flexWrap: 'wrap' });
export const toolbar = style({
  display: 'flex',
  gap: vars.space.sm,
  flexWrap: 'wrap',
  alignItems: 'center',
  margin: `${vars.space.sm} 0`,
});
export const muted = style({ margin: 0, color: vars.color.textMuted });
/** The workshop's own reference under a list entry's vehicle: a long one wraps, never cut off. */
export const referenceLine = style([muted, { overflowWrap: 'anywhere' }]);
export const timeline = style({ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: vars.space.sm });
export const timelineEntry = style({ borderLeft: `3px solid ${vars.color.border}`, paddingLeft: vars.space.sm });
const badgeBase = style({
  display: 'inline-block',
  padding: `2px ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  fontWeight: 600,
});
/** Status badges carry their text; the colour only repeats it. */
export const badge = styleVariants({
  neutral: [badgeBase, { background: vars.color.brandSoft, color: vars.color.brandStrong }],
  good: [badgeBase, { background: vars.color.successSoft, color: vars.color.success }],
  attention: [badgeBase, { background: vars.color.errorSoft, color: vars.color.error }],
});
/** An order that needs the workshop's attention (a backorder, an open return) stands out. */
export const attentionRow = style({ background: vars.color.errorSoft });
export const block = style({ display: 'block' });
