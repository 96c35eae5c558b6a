import type { ReactNode } from 'react';
import { useId } from 'react';
import * as styles from './inquiries.css';

/**
 * A table that scrolls sideways when it is wider than its place (the review dialog, a phone): the
 * scroll area is a named region that takes the focus, so a keyboard can scroll it too.
 */
export function ScrollingTable({
  caption,
  children,
  tableClassName,
}: {
  caption: ReactNode;
  children: ReactNode;
  /** A layout of its own beside the table's (the quote matrix's cards on a phone). */
  tableClassName?: string;
}) {
  const captionId = useId();
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling area must take the focus to be scrolled by keyboard (WCAG 2.1.1, axe scrollable-region-focusable)
    <section className={styles.tableScroll} aria-labelledby={captionId} tabIndex={0}>
      <table className={tableClassName ? `${styles.table} ${tableClassName}` : styles.table}>
        <caption id={captionId} className={styles.caption}>
          {caption}
        </caption>
        {children}
      </table>
    </section>
  );
}
