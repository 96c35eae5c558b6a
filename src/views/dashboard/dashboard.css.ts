import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';

export const services = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
  gap: vars.space.md,
  marginTop: vars.space.lg,
  padding: 0,
});
export const serviceItem = style({ listStyle: 'none' });
export const serviceLink = style({ display: 'block', textDecoration: 'none', color: 'inherit' });
export const tradeLinks = style({ display: 'grid', gap: vars.space.xs, padding: 0, listStyle: 'none' });

// minmax(0, 1fr): a wide child (an unfolded table) must not widen the page (issue 24).
export const page = style({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: vars.space.lg });
export const entryPoints = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  padding: 0,
  margin: 0,
  listStyle: 'none',
});
