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

export const page = style({ display: 'grid', gap: vars.space.lg });
export const entryPoints = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  padding: 0,
  margin: 0,
  listStyle: 'none',
});
