import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';

export const page = style({ maxWidth: 960, margin: '0 auto', padding: vars.space.lg });
export const header = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  flexWrap: 'wrap',
  gap: vars.space.md,
});
export const services = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
  gap: vars.space.md,
  marginTop: vars.space.lg,
});
export const serviceLink = style({ display: 'block', textDecoration: 'none', color: 'inherit' });
