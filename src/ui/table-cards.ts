import { globalStyle } from '@vanilla-extract/css';
import { cardsContainerQuery } from './table-cards.css';
import { mobileQuery, vars } from './theme.css';

type Rule = Parameters<typeof globalStyle>[1];

/**
 * Issue 24: on a phone (under 768 px) a table becomes a stack of cards: each row a card of its
 * cells side by side, wrapping, with the column's name before a cell that carries `data-label`.
 * Cells marked `cardHead` (what the row is: its part) head their card; cells marked `cardFirst`
 * (table-cards.css.ts: status, amount, actions) follow right after. Empty labelled cells are left out.
 * The header row stays for screen readers (visually hidden). A wide table (`inContainer`) whose
 * wrapper is a `cardsContainer` becomes cards whenever that wrapper is narrow, whatever the window
 * (the order lines beside the navigation at 1024 px). Called from .css.ts files only.
 */
export function tableCards(table: string, { inContainer = false } = {}) {
  const narrow = (rule: Rule): Rule => ({
    '@media': { [mobileQuery]: rule },
    ...(inContainer ? { '@container': { [cardsContainerQuery]: rule } } : {}),
  });
  // At every width: a column's name and a button's words break between words, never inside one
  // ("Schlüs/sel", "Deaktiv/ieren"), whatever the cells allow for e-mail addresses and URLs.
  globalStyle(`${table} > thead > tr > th, ${table} button`, { overflowWrap: 'normal' });
  // An e-mail link is one long word: it may break anywhere rather than widen its column.
  globalStyle(`${table} a[href^="mailto:"]`, { overflowWrap: 'anywhere' });
  globalStyle(table, narrow({ display: 'block', width: '100%', minWidth: 0 }));
  // A caption left in a block "table" shrinks to its longest word ("Angefragte / Händler").
  globalStyle(`${table} > caption`, narrow({ display: 'block', textAlign: 'left' }));
  globalStyle(
    `${table} > thead`,
    narrow({
      position: 'absolute',
      width: 1,
      height: 1,
      overflow: 'hidden',
      clip: 'rect(0 0 0 0)',
      whiteSpace: 'nowrap',
    }),
  );
  globalStyle(`${table} > tbody`, narrow({ display: 'block' }));
  globalStyle(
    `${table} > tbody > tr`,
    narrow({
      display: 'flex',
      flexWrap: 'wrap',
      alignItems: 'baseline',
      gap: `${vars.space.xs} ${vars.space.md}`,
      padding: `${vars.space.sm} ${vars.space.sm}`,
      borderBottom: `1px solid ${vars.color.border}`,
    }),
  );
  globalStyle(
    `${table} > tbody > tr > td, ${table} > tbody > tr > th`,
    narrow({
      display: 'block',
      padding: 0,
      border: 'none',
      minWidth: 0,
      maxWidth: '100%',
      overflowWrap: 'anywhere',
      textAlign: 'left',
    }),
  );
  // A labelled cell with nothing in it would read "Seit:" and stop.
  globalStyle(`${table} > tbody > tr > [data-label]:empty`, narrow({ display: 'none' }));
  globalStyle(
    `${table} > tbody > tr > [data-label]::before`,
    narrow({ content: 'attr(data-label) ": "', color: vars.color.textMuted, fontWeight: 400, whiteSpace: 'normal' }),
  );
}
