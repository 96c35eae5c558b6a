import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { COLUMN_ROLES, type ColumnRole } from '../../../common/upload/order-file';
import { isLineValid, type LineProblemField, type MappedLine } from '../../../common/upload/order-file-mapping';
import { useMessageText } from '../../i18n/use-message-text';
import { Button } from '../../ui/Button';
import * as styles from './order-upload.css';
import type { OrderUpload } from './use-order-upload';

/**
 * A file of 2 000 lines stays usable: the table shows one page of lines at a time (a few hundred
 * inputs at most in the document), and a filter shows only the lines that still need the person.
 */
export const PREVIEW_PAGE_SIZE = 50;

type Filter = 'all' | 'problems' | 'dropped';

const FIELD_OF_ROLE: Partial<Record<ColumnRole, LineProblemField>> = {
  partNumber: 'part_number',
  description: 'description',
  quantity: 'quantity',
  price: 'price',
};

export function MappingPreview({ upload }: { upload: OrderUpload }) {
  const { t } = useLingui();
  const messageText = useMessageText();
  const [filter, setFilter] = useState<Filter>('all');
  const [page, setPage] = useState(0);
  const table = upload.table;
  if (!table) return null;
  const width = upload.roles.length;
  const dropped = new Set(upload.dropped);
  const roleLabel: Record<ColumnRole, string> = {
    partNumber: t`Part number`,
    quantity: t`Quantity`,
    description: t`Description`,
    price: t`Price`,
    ignore: t`Ignore`,
  };
  const columnLabel = (column: number) => {
    const label = table.header?.[column]?.trim();
    const position = column + 1;
    return label ? label : t`Column ${position}`;
  };
  const shown = upload.lines.filter((line) => {
    if (filter === 'problems') return !dropped.has(line.row) && !isLineValid(line);
    if (filter === 'dropped') return dropped.has(line.row);
    return true;
  });
  const pageCount = Math.max(1, Math.ceil(shown.length / PREVIEW_PAGE_SIZE));
  const currentPage = Math.min(page, pageCount - 1);
  const visible = shown.slice(currentPage * PREVIEW_PAGE_SIZE, (currentPage + 1) * PREVIEW_PAGE_SIZE);
  const problemCount = upload.lines.filter((line) => !dropped.has(line.row) && !isLineValid(line)).length;
  const from = shown.length === 0 ? 0 : currentPage * PREVIEW_PAGE_SIZE + 1;
  const to = currentPage * PREVIEW_PAGE_SIZE + visible.length;
  const total = shown.length;
  const capacity = upload.capacity;
  const keptCount = upload.keptCount;
  const droppedCount = dropped.size;

  return (
    <>
      <Blocker upload={upload} problemCount={problemCount} />
      <div className={styles.toolbar}>
        <label htmlFor="order-upload-filter">
          <Trans>Show</Trans>
        </label>
        <select
          id="order-upload-filter"
          className={styles.roleSelect}
          value={filter}
          onChange={(event) => {
            setFilter(event.target.value as Filter);
            setPage(0);
          }}
        >
          <option value="all">{t`All lines`}</option>
          <option value="problems">{t`Lines with problems (${problemCount})`}</option>
          <option value="dropped">{t`Dropped lines (${droppedCount})`}</option>
        </select>
        {upload.blocker === 'tooManyLines' ? (
          <Button variant="secondary" onClick={upload.dropBeyondCapacity}>
            <Trans>Drop the lines after the first {capacity}</Trans>
          </Button>
        ) : null}
      </div>
      <div className={styles.tableScroll}>
        <table className={styles.table}>
          <caption className={styles.visuallyHidden}>
            <Trans>Lines of the file and what each column means</Trans>
          </caption>
          <thead>
            <tr>
              <th scope="col" className={styles.headerCell}>
                <Trans>Line</Trans>
              </th>
              {Array.from({ length: width }, (_, column) => {
                const label = columnLabel(column);
                return (
                  <th scope="col" key={column} className={styles.headerCell}>
                    <div>{label}</div>
                    <select
                      className={styles.roleSelect}
                      aria-label={t`Meaning of column ${label}`}
                      value={upload.roles[column] ?? 'ignore'}
                      onChange={(event) => upload.assignRole(column, event.target.value as ColumnRole)}
                    >
                      {COLUMN_ROLES.map((role) => (
                        <option key={role} value={role}>
                          {roleLabel[role]}
                        </option>
                      ))}
                    </select>
                  </th>
                );
              })}
              <th scope="col" className={styles.headerCell}>
                <Trans>Check</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {visible.map((line) => (
              <PreviewRow
                key={line.row}
                line={line}
                cells={table.rows[line.row] ?? []}
                upload={upload}
                isDropped={dropped.has(line.row)}
                roleLabel={roleLabel}
                messageText={messageText}
              />
            ))}
          </tbody>
        </table>
      </div>
      <div className={styles.toolbar}>
        <Button variant="ghost" disabled={currentPage === 0} onClick={() => setPage(currentPage - 1)}>
          <Trans>Previous lines</Trans>
        </Button>
        <span>
          <Trans>
            Lines {from}–{to} of {total}
          </Trans>
        </span>
        <Button variant="ghost" disabled={currentPage >= pageCount - 1} onClick={() => setPage(currentPage + 1)}>
          <Trans>Next lines</Trans>
        </Button>
      </div>
      <p>
        {keptCount === 1 ? (
          <Trans>1 line will be taken over into the inquiry.</Trans>
        ) : (
          <Trans>{keptCount} lines will be taken over into the inquiry.</Trans>
        )}
      </p>
    </>
  );
}

function Blocker({ upload, problemCount }: { upload: OrderUpload; problemCount: number }) {
  const capacity = upload.capacity;
  switch (upload.blocker) {
    case 'noPartColumn':
      return (
        <p className={styles.problem}>
          <Trans>Choose which column holds the part number or the description.</Trans>
        </p>
      );
    case 'noLines':
      return (
        <p className={styles.problem}>
          <Trans>Every line is dropped: there is nothing to take over.</Trans>
        </p>
      );
    case 'tooManyLines':
      return (
        <p className={styles.problem}>
          <Trans>The inquiry takes {capacity} more lines. Drop lines to take over at most that many.</Trans>
        </p>
      );
    case 'invalidLines':
      return (
        <p className={styles.problem}>
          <Plural
            value={problemCount}
            one="# line needs a correction or can be dropped before it is taken over."
            other="# lines need a correction or can be dropped before they are taken over."
          />
        </p>
      );
    default:
      return null;
  }
}

function PreviewRow({
  line,
  cells,
  upload,
  isDropped,
  roleLabel,
  messageText,
}: {
  line: MappedLine;
  cells: string[];
  upload: OrderUpload;
  isDropped: boolean;
  roleLabel: Record<ColumnRole, string>;
  messageText: ReturnType<typeof useMessageText>;
}) {
  const { t } = useLingui();
  const position = line.row + 1;
  const lineProblem = messageText(line.problems.line);
  return (
    <tr className={isDropped ? styles.droppedRow : undefined}>
      <th scope="row" className={styles.cell}>
        {position}
      </th>
      {upload.roles.map((role, column) => {
        const edited = upload.editedCell(line.row, column) ?? cells[column] ?? '';
        const field = FIELD_OF_ROLE[role];
        const problem = field ? messageText(line.problems[field]) : null;
        const formula = line.formulaColumns.includes(column);
        const roleName = roleLabel[role];
        return (
          <td key={column} className={styles.cell}>
            {role === 'ignore' || isDropped ? (
              edited
            ) : (
              <>
                <input
                  className={problem ? styles.cellInputInvalid : styles.cellInput}
                  aria-label={t`${roleName}, line ${position}`}
                  aria-invalid={problem ? true : undefined}
                  value={edited}
                  onChange={(event) => upload.changeCell(line.row, column, event.target.value)}
                />
                {problem ? <p className={styles.problem}>{problem}</p> : null}
                {formula ? (
                  <p className={styles.warning}>
                    <Trans>Starts like a formula: taken over as text.</Trans>
                  </p>
                ) : null}
              </>
            )}
          </td>
        );
      })}
      <td className={styles.cell}>
        {lineProblem && !isDropped ? <p className={styles.problem}>{lineProblem}</p> : null}
        {isDropped ? (
          <Button variant="ghost" aria-label={t`Restore line ${position}`} onClick={() => upload.restore(line.row)}>
            <Trans>Restore</Trans>
          </Button>
        ) : (
          <Button variant="ghost" aria-label={t`Drop line ${position}`} onClick={() => upload.drop(line.row)}>
            <Trans>Drop</Trans>
          </Button>
        )}
      </td>
    </tr>
  );
}
