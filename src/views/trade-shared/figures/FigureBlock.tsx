import { Trans } from '@lingui/react/macro';
import { lazy, type ReactNode, Suspense, useId } from 'react';
import { Card } from '../../../ui/Card';
import { csvDataUrl, type FigureTable } from './figure-table';
import * as styles from './figures.css';
import type { PlotChartProps } from './PlotChart';

/** Observable Plot arrives in its own chunk, requested only when a dashboard draws a chart (ADR 029). */
const PlotChart = lazy(() => import('./PlotChart'));

/**
 * One analytics figure: a heading, its key figures, a chart with its table equivalent (a native
 * disclosure, so keyboards and screen readers reach it) and the table as a CSV download.
 */
export function FigureBlock({
  title,
  summary,
  chart,
  table,
  fileName,
}: {
  title: ReactNode;
  summary?: ReactNode;
  chart: PlotChartProps | null;
  table: FigureTable;
  fileName: string;
}) {
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId} className={styles.figure}>
      <h3 id={titleId}>{title}</h3>
      {summary}
      {table.rows.length === 0 ? (
        <p>
          <Trans>Nothing to show for this period.</Trans>
        </p>
      ) : (
        <>
          {chart ? (
            <Suspense
              fallback={
                <p className={styles.chartPending}>
                  <Trans>Drawing the chart…</Trans>
                </p>
              }
            >
              <PlotChart {...chart} />
            </Suspense>
          ) : null}
          <details className={styles.tableToggle}>
            <summary>
              <Trans>Show as table</Trans>
            </summary>
            {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling area must take the focus to be scrolled by keyboard (WCAG 2.1.1, axe scrollable-region-focusable) */}
            <div className={styles.tableScroll} tabIndex={0}>
              <table className={styles.table}>
                <thead>
                  <tr>
                    {table.columns.map((column) => (
                      <th key={column} scope="col">
                        {column}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {table.rows.map((row) => (
                    <tr key={row.key}>
                      {row.cells.map((cell, index) =>
                        index === 0 ? (
                          <th key={table.columns[index]} scope="row">
                            {cell.display}
                          </th>
                        ) : (
                          <td key={table.columns[index]} className={styles.number} data-label={table.columns[index]}>
                            {cell.display}
                          </td>
                        ),
                      )}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
          <a className={styles.download} href={csvDataUrl(table)} download={fileName}>
            <Trans>Download as CSV</Trans>
          </a>
        </>
      )}
    </Card>
  );
}
