import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { tableCards } from '../../ui/table-cards';
import { mobileQuery, vars } from '../../ui/theme.css';

export const toolbar = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'end',
  gap: vars.space.md,
  flexWrap: 'wrap',
  margin: `${vars.space.md} 0`,
});
export const primaryLink = style({
  display: 'inline-block',
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.lg,
  background: vars.color.brandStrong,
  color: vars.color.surface,
  fontWeight: 600,
  textDecoration: 'none',
});
/** Wide tables scroll sideways on a narrow screen instead of squeezing their columns. */
export const tableScroll = style({ overflowX: 'auto', maxWidth: '100%' });
export const table = style({
  borderCollapse: 'collapse',
  width: '100%',
  minWidth: 560,
  background: vars.color.surface,
});
/** The inquiry list's table: cards on a phone, status and closing time first (issue 24). */
export const listTable = style([table, { '@media': { [mobileQuery]: { minWidth: 0 } } }]);
tableCards(listTable);
export const cell = style({
  padding: vars.space.sm,
  borderBottom: `1px solid ${vars.color.border}`,
  textAlign: 'left',
  verticalAlign: 'top',
});
export const numeric = style([cell, { textAlign: 'right', whiteSpace: 'nowrap' }]);
/** The list's vehicle may break inside the VIN rather than push status and closing time out of view. */
export const listVehicle = style({ overflowWrap: 'anywhere', '@media': { [mobileQuery]: { flexBasis: '100%' } } });
export const listNumber = style([cell, { textAlign: 'right' }]);
export const caption = style({ textAlign: 'left', fontWeight: 600, padding: `${vars.space.sm} 0` });
export const muted = style({ margin: 0, color: vars.color.textMuted });
/** The workshop's own reference under the vehicle in its inquiry list: its own line, wrapping. */
export const referenceLine = style([muted, { display: 'block', fontWeight: 'normal', overflowWrap: 'anywhere' }]);
export const fieldset = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  padding: vars.space.md,
  margin: `${vars.space.md} 0`,
  display: 'grid',
  gap: vars.space.sm,
});
export const legend = style({ fontWeight: 600, padding: `0 ${vars.space.xs}` });
export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(12rem, 1fr))',
  gap: vars.space.sm,
});
export const lineRow = style({
  display: 'grid',
  gridTemplateColumns: '2fr 3fr 1fr 3fr auto',
  gap: vars.space.sm,
  alignItems: 'end',
  '@media': { [mobileQuery]: { gridTemplateColumns: '1fr' } },
});
export const actions = style({ display: 'flex', gap: vars.space.sm, flexWrap: 'wrap', alignItems: 'center' });
export const errorText = style({ color: vars.color.error, margin: 0 });
export const offer = style({ display: 'grid', gap: 2, minWidth: '11rem' });
const markBase = style({
  display: 'inline-block',
  justifySelf: 'start',
  padding: `0 ${vars.space.xs}`,
  borderRadius: vars.radius.pill,
  fontWeight: 600,
  fontSize: vars.font.sizeSm,
});
/** The cheapest and fastest offers carry a word and an icon-like sign, so colour is never the only cue. */
export const mark = styleVariants({
  cheapest: [markBase, { background: vars.color.successSoft, color: vars.color.success }],
  fastest: [markBase, { background: vars.color.brandSoft, color: vars.color.brandStrong }],
  ordered: [markBase, { background: vars.color.successSoft, color: vars.color.success }],
});
/** Shown only where the matrix becomes per-line cards (a phone): the dealer's name in each offer. */
export const phoneOnly = style({
  display: 'none',
  fontWeight: 600,
  '@media': { [mobileQuery]: { display: 'inline' } },
});
export const choiceOptions = style({ display: 'grid', gap: vars.space.sm, margin: `${vars.space.md} 0` });
export const choiceTotal = style({ margin: 0, fontWeight: 600 });
/**
 * The quote matrix on a phone: per line a card, the offers one below the other (the header row
 * hidden, each offer naming its dealer), so nothing is cut and nothing scrolls sideways.
 */
export const matrixTable = style({
  '@media': { [mobileQuery]: { minWidth: 0, display: 'block' } },
});
globalStyle(`${matrixTable} thead`, {
  '@media': {
    [mobileQuery]: { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' },
  },
});
globalStyle(`${matrixTable} tbody, ${matrixTable} tfoot, ${matrixTable} tr, ${matrixTable} th, ${matrixTable} td`, {
  '@media': { [mobileQuery]: { display: 'block', width: 'auto' } },
});
globalStyle(`${matrixTable} tr`, {
  '@media': {
    [mobileQuery]: {
      border: `1px solid ${vars.color.border}`,
      borderRadius: vars.radius.lg,
      marginBottom: vars.space.sm,
    },
  },
});
/**
 * The review dialog's order tables: no minimum width, the header words wrap, the amounts never.
 * On a phone each line is a card (its part across the card, quantity and price labelled below)
 * and each total a row of label and amount, so nothing is squeezed into a narrow column (issue 24).
 */
export const reviewTable = style({ borderCollapse: 'collapse', width: '100%', background: vars.color.surface });
tableCards(reviewTable);
globalStyle(`${reviewTable} > tfoot`, { '@media': { [mobileQuery]: { display: 'block' } } });
globalStyle(`${reviewTable} > tfoot > tr`, {
  '@media': {
    [mobileQuery]: {
      display: 'flex',
      justifyContent: 'space-between',
      alignItems: 'baseline',
      gap: vars.space.md,
      padding: `${vars.space.xs} ${vars.space.sm}`,
    },
  },
});
globalStyle(`${reviewTable} > tfoot > tr > *`, {
  '@media': { [mobileQuery]: { display: 'block', padding: 0, border: 'none' } },
});
export const reviewHead = style([cell, { textAlign: 'right' }]);
/**
 * A part's number and name break between words, inside a word only when it is wider than the
 * whole cell: "anywhere" let the table squeeze the column to a few letters ("Abgasrüc/kführung").
 */
export const partCell = style([cell, { overflowWrap: 'break-word' }]);
globalStyle(`${reviewTable} > tbody > tr > ${partCell}`, {
  '@media': { [mobileQuery]: { flexBasis: '100%', overflowWrap: 'break-word' } },
});
/** The line's price stands at the card's right edge on a phone, where amounts are read. */
export const reviewPrice = style([numeric, { '@media': { [mobileQuery]: { marginLeft: 'auto' } } }]);
/** One dealer's order in the review: its table, then delivery or pickup and the note. */
export const reviewOrder = style({ display: 'grid', gap: vars.space.sm, marginBottom: vars.space.lg });
export const handoverChoice = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.md,
  border: 0,
  padding: 0,
  margin: 0,
});
export const handoverLegend = style({ fontWeight: 600, padding: 0, marginBottom: vars.space.xs });
export const chosen = style({ outline: `2px solid ${vars.color.brandStrong}`, outlineOffset: -2 });
export const status = style({ fontWeight: 600 });

/** The dealers asked: one card per dealer on a phone, its state and dates labelled (issue 24). */
export const recipientsTable = style({});
tableCards(recipientsTable);

/** The workshop's own reference on its inquiry page: a long one wraps, never cut off. */
export const referenceValue = style({ overflowWrap: 'anywhere' });
