import { style } from '@vanilla-extract/css';
import { mobileQuery, vars } from '../../ui/theme.css';

export const page = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg, maxWidth: 1100 });
export const filters = style({ display: 'flex', gap: vars.space.md, flexWrap: 'wrap', alignItems: 'end' });
export const muted = style({ color: vars.color.textMuted, fontSize: vars.font.sizeSm });
/** "New" in words and weight; the colour only adds to it. */
export const newBadge = style({
  display: 'inline-block',
  padding: `0 ${vars.space.xs}`,
  border: `1px solid ${vars.color.brand}`,
  borderRadius: vars.radius.md,
  color: vars.color.brand,
  fontSize: vars.font.sizeSm,
});
export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'max-content minmax(0, 1fr)',
  gap: `${vars.space.xs} ${vars.space.md}`,
  margin: 0,
  overflowWrap: 'anywhere',
  // On a phone a long German label would push its value off-screen: label above value.
  '@media': { [mobileQuery]: { gridTemplateColumns: 'minmax(0, 1fr)', rowGap: 0 } },
});
export const line = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  margin: 0,
});
export const lineHeading = style({ fontWeight: 700, padding: 0 });
export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
  gap: vars.space.md,
  // A label on one line beside labels on two: the fields still stand on one line.
  alignItems: 'end',
});
export const radios = style({
  display: 'flex',
  gap: vars.space.md,
  flexWrap: 'wrap',
  border: 0,
  padding: 0,
  margin: 0,
});
export const actions = style({ display: 'flex', gap: vars.space.sm, flexWrap: 'wrap' });
export const textarea = style({
  minHeight: 80,
  width: '100%',
  font: 'inherit',
  padding: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});
export const table = style({ width: '100%', borderCollapse: 'collapse' });
export const cell = style({
  textAlign: 'left',
  padding: vars.space.sm,
  borderBottom: `1px solid ${vars.color.border}`,
});
