import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useId } from 'react';
import type { InquiryLine } from '../../../common/contracts/trading';
import { FitmentHint } from './FitmentHint';
import * as styles from './requested-lines.css';

/**
 * The parts an inquiry asks for, one row per line (issue 23 §2): the workshop's inquiry page and
 * the dealer's both show it. The part number heads its row, with what earlier orders tell of its
 * fitment; an empty field reads "–". Between a phone and a laptop the table scrolls sideways in
 * its own box (it takes the focus, so that works by keyboard too); on a phone each line is a card.
 *
 * @param caption what the table is called
 * @param captionHidden the caption is for assistive technology only (a heading above says it)
 * @param withPosition a column with the line's position in the inquiry
 */
export function RequestedLinesTable({
  lines,
  caption,
  captionHidden = false,
  withPosition = false,
}: {
  lines: readonly InquiryLine[];
  caption: ReactNode;
  captionHidden?: boolean;
  withPosition?: boolean;
}) {
  const captionId = useId();
  const { t } = useLingui();
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling area must take the focus to be scrolled by keyboard (WCAG 2.1.1, axe scrollable-region-focusable)
    <section className={styles.scroll} aria-labelledby={captionId} tabIndex={0}>
      <table className={styles.table}>
        <caption id={captionId} className={captionHidden ? 'visually-hidden' : styles.caption}>
          {caption}
        </caption>
        <thead>
          <tr>
            {withPosition ? (
              <th scope="col" className={styles.numeric}>
                <Trans>Position</Trans>
              </th>
            ) : null}
            <th scope="col" className={styles.cell}>
              <Trans>Part number</Trans>
            </th>
            <th scope="col" className={styles.cell}>
              <Trans>Description</Trans>
            </th>
            <th scope="col" className={styles.numeric}>
              <Trans>Quantity</Trans>
            </th>
            <th scope="col" className={styles.cell}>
              <Trans>Note</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.id}>
              {withPosition ? (
                <td className={styles.numeric} data-label={t`Position`}>
                  {line.position}
                </td>
              ) : null}
              <th scope="row" className={styles.cell}>
                {line.part_number || '–'}
                <FitmentHint fitment={line.fitment} />
              </th>
              <td className={styles.cell} data-label={t`Description`}>
                {line.description || '–'}
              </td>
              <td className={styles.numeric} data-label={t`Quantity`}>
                {line.quantity}
              </td>
              <td className={styles.cell} data-label={t`Note`}>
                {line.note || '–'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
