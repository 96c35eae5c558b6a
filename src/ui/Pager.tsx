import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Button } from './Button';
import * as styles from './lists.css';

/** Previous / "Page x of y" / Next under an admin list (20 per page, docs/product.md §9). */
export function Pager({
  page,
  total,
  pageSize,
  summary,
  onPage,
}: {
  page: number;
  total: number | null;
  pageSize: number;
  summary: ReactNode;
  onPage: (page: number) => void;
}) {
  const lastPage = total === null ? 1 : Math.max(1, Math.ceil(total / pageSize));
  return (
    <div className={styles.pager}>
      <span>{total === null ? null : summary}</span>
      <div>
        <Button variant="ghost" disabled={total === null || page <= 1} onClick={() => onPage(page - 1)}>
          <Trans>Previous</Trans>
        </Button>
        <span>
          <Trans>
            Page {page} of {lastPage}
          </Trans>
        </span>
        <Button variant="ghost" disabled={total === null || page >= lastPage} onClick={() => onPage(page + 1)}>
          <Trans>Next</Trans>
        </Button>
      </div>
    </div>
  );
}
