import { style, styleVariants } from '@vanilla-extract/css';
import { mobileQuery, vars } from '../../ui/theme.css';

export const toolbar = style({ display: 'flex', justifyContent: 'flex-end', margin: `${vars.space.md} 0` });
export const list = style({ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: vars.space.sm });
export const item = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  padding: vars.space.md,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  '@media': { [mobileQuery]: { flexDirection: 'column', alignItems: 'stretch' } },
});
export const logo = style({ width: 64, height: 40, objectFit: 'contain' });
export const itemBody = style({ flex: 1, display: 'grid', gap: vars.space.xs });
export const itemTitle = style({ margin: 0, fontSize: vars.font.sizeMd });
export const muted = style({ margin: 0, color: vars.color.textMuted });
export const actions = style({ display: 'flex', gap: vars.space.sm, flexWrap: 'wrap', alignItems: 'center' });
export const filters = style({
  display: 'grid',
  gridTemplateColumns: '1fr 1fr',
  gap: vars.space.sm,
  '@media': { [mobileQuery]: { gridTemplateColumns: '1fr' } },
});
const badgeBase = style({
  display: 'inline-block',
  justifySelf: 'start',
  padding: `2px ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  fontWeight: 600,
});
export const badge = styleVariants({
  requested: [badgeBase, { background: vars.color.brandSoft, color: vars.color.brandStrong }],
  active: [badgeBase, { background: vars.color.successSoft, color: vars.color.success }],
  declined: [badgeBase, { background: vars.color.errorSoft, color: vars.color.error }],
});
