import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useId } from 'react';
import type { InquiryLine } from '../../../common/contracts/trading';
import { FitmentHint } from './FitmentHint';
import { type LineColumn, LinesTable } from './LinesTable';
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
  const columns: readonly (LineColumn<InquiryLine> | false)[] = [
    withPosition && {
      header: <Trans>Position</Trans>,
      headerClassName: styles.numeric,
      className: styles.numeric,
      label: t`Position`,
      cell: (line) => line.position,
    },
    {
      header: <Trans>Part number</Trans>,
      headerClassName: styles.cell,
      className: styles.cell,
      rowHeader: true,
      cell: (line) => (
        <>
          {line.part_number || '–'}
          <FitmentHint fitment={line.fitment} />
        </>
      ),
    },
    {
      header: <Trans>Description</Trans>,
      headerClassName: styles.cell,
      className: styles.cell,
      label: t`Description`,
      cell: (line) => line.description || '–',
    },
    {
      header: <Trans>Quantity</Trans>,
      headerClassName: styles.numeric,
      className: styles.numeric,
      label: t`Quantity`,
      cell: (line) => line.quantity,
    },
    {
      header: <Trans>Note</Trans>,
      headerClassName: styles.cell,
      className: styles.cell,
      label: t`Note`,
      cell: (line) => line.note || '–',
    },
  ];
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling area must take the focus to be scrolled by keyboard (WCAG 2.1.1, axe scrollable-region-focusable)
    <section className={styles.scroll} aria-labelledby={captionId} tabIndex={0}>
      <LinesTable
        lines={lines}
        columns={columns}
        caption={caption}
        captionId={captionId}
        captionClassName={captionHidden ? 'visually-hidden' : styles.caption}
        tableClassName={styles.table}
      />
    </section>
  );
}
