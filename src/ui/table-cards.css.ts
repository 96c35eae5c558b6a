import { style } from '@vanilla-extract/css';
import { mobileQuery } from './theme.css';

// The card layout's pieces (tableCards in table-cards.ts, issue 24).

/** The container a wide table's wrapper names: its table turns into cards under 800 px. */
export const CARDS_CONTAINER = 'table-cards';
export const cardsContainerQuery = `${CARDS_CONTAINER} (max-width: 800px)`;
/** A wide table's wrapper: the table inside turns into cards when the wrapper is narrow. */
export const cardsContainer = style({ containerType: 'inline-size', containerName: CARDS_CONTAINER });

/** A cell that names its card (the part of an order line, with its checkbox): shown before all others. */
export const cardHead = style({
  '@media': { [mobileQuery]: { order: -2 } },
  '@container': { [cardsContainerQuery]: { order: -2 } },
});
/**
 * A cell whose words are never broken inside (a date, a status, a short name), in a table whose
 * cells otherwise break anywhere: the browser squeezed such columns to "Akti/v" and "27.11/.2026".
 */
export const keepWords = style({ selectors: { '&&': { overflowWrap: 'normal' } } });
/**
 * An e-mail address or a URL: one long word that may break anywhere, so that its column does not
 * push the others out of view. Every other cell breaks between words (issue 24).
 */
export const breakAnywhere = style({ selectors: { '&&': { overflowWrap: 'anywhere' } } });
/** A cell shown first in its card after its head (status, amount, actions); its words stay whole. */
export const cardFirst = style({
  // Doubled, so that it wins over any cell class that lets words break anywhere.
  selectors: { '&&': { overflowWrap: 'normal' } },
  '@media': { [mobileQuery]: { order: -1 } },
  '@container': { [cardsContainerQuery]: { order: -1 } },
});
/** A cell that takes a card's whole width (a description, a block of actions). */
export const cardWide = style({
  '@media': { [mobileQuery]: { flexBasis: '100%' } },
  '@container': { [cardsContainerQuery]: { flexBasis: '100%' } },
});
/** Amounts are never broken or cut. */
export const amount = style({ whiteSpace: 'nowrap' });
