import { style } from '@vanilla-extract/css';
import { mobileQuery, vars } from '../ui/theme.css';

export const authPage = style({
  minHeight: '100vh',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  padding: `${vars.space.lg} ${vars.space.md}`,
  gap: vars.space.lg,
});
export const authHeader = style({
  width: 'min(440px, 100%)',
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  flexWrap: 'wrap',
  gap: vars.space.sm,
});
export const authCard = style({ width: 'min(440px, 100%)' });
export const authCardWide = style({ width: 'min(720px, 100%)' });
export const authHeaderWide = style([authHeader, { width: 'min(720px, 100%)' }]);
export const twoColumns = style({
  display: 'grid',
  gridTemplateColumns: '1fr 1fr',
  columnGap: vars.space.md,
  '@media': { [mobileQuery]: { gridTemplateColumns: '1fr' } },
});
export const formTitle = style({ fontSize: vars.font.sizeXl, margin: `0 0 ${vars.space.sm}` });
export const formLead = style({ color: vars.color.textMuted, marginTop: 0, marginBottom: vars.space.lg });
export const formFooter = style({
  display: 'flex',
  justifyContent: 'space-between',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  marginTop: vars.space.md,
});
