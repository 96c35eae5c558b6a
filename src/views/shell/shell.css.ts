import { style } from '@vanilla-extract/css';
import { mobileQuery, vars } from '../../ui/theme.css';

export const layout = style({
  display: 'grid',
  // minmax(0, …): a wide table must not widen the column (and the page) beyond the window.
  gridTemplateColumns: '260px minmax(0, 1fr)',
  minHeight: '100vh',
  '@media': { [mobileQuery]: { gridTemplateColumns: 'minmax(0, 1fr)', gridTemplateRows: 'auto 1fr' } },
});
export const sidebar = style({
  background: vars.color.surface,
  borderRight: `1px solid ${vars.color.border}`,
  padding: vars.space.lg,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  '@media': {
    [mobileQuery]: { borderRight: 'none', borderBottom: `1px solid ${vars.color.border}`, padding: vars.space.md },
  },
});
export const sidebarTop = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
});
export const menuToggle = style({ display: 'none', '@media': { [mobileQuery]: { display: 'inline-flex' } } });
export const menu = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  flex: 1,
  '@media': { [mobileQuery]: { display: 'none' } },
});
export const menuOpen = style({ '@media': { [mobileQuery]: { display: 'flex' } } });
export const navList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
});
export const navLink = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  minHeight: 44,
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.md,
  color: vars.color.text,
  textDecoration: 'none',
  fontWeight: 600,
  selectors: {
    '&[data-status="active"]': { background: vars.color.brandSoft, color: vars.color.brandStrong },
    '&:hover': { background: vars.color.surfaceMuted },
  },
});
export const navSection = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });
export const navHeading = style({
  fontSize: vars.font.sizeSm,
  color: vars.color.textMuted,
  margin: 0,
  fontWeight: 600,
});
export const userName = style({ fontWeight: 700, margin: 0 });
/** `minWidth: 0`: a wide table scrolls in its own box instead of widening the page past the screen. */
export const content = style({
  minWidth: 0,
  padding: vars.space.xl,
  '@media': { [mobileQuery]: { padding: vars.space.md } },
});
export const sidebarFooter = style({ marginTop: 'auto', display: 'flex', flexDirection: 'column', gap: vars.space.sm });
export const tabList = style({
  listStyle: 'none',
  margin: `0 0 ${vars.space.lg}`,
  padding: 0,
  display: 'flex',
  gap: vars.space.sm,
  flexWrap: 'wrap',
});

/** The count of new orders waiting for the dealer's confirmation, beside "Orders" (issue 24 §8). */
/** "1 wartet" stays one word-pair; in a narrow navigation it moves under "Bestellungen" whole. */
export const navCount = style({
  whiteSpace: 'nowrap',
  marginInlineStart: vars.space.sm,
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.md,
  background: vars.color.brandSoft,
  color: vars.color.brandStrong,
  fontWeight: 600,
  fontSize: '0.875em',
});
