import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';

/** Learned fitment under a part (ADR 028): a quiet line, the "not fitting" part in the error colour. */
export const fitment = style({ display: 'grid', gap: 2, fontSize: '0.875rem', color: vars.color.textMuted });
export const fitmentAgainst = style({ color: vars.color.error });
