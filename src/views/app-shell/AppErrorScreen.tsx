import { Trans } from '@lingui/react/macro';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { Card } from '../../ui/Card';
import * as styles from './app-shell.css';
import { ReloadPrompt } from './ReloadPrompt';

function isChunkLoadError(error: unknown) {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically|Loading chunk/i.test(
    message,
  );
}

/** The router's error screen (docs/product.md §2: "Unexpected Application Error"); chunk failures offer a reload. */
export function AppErrorScreen({ error }: ErrorComponentProps) {
  if (isChunkLoadError(error)) return <ReloadPrompt />;
  return (
    <main className={styles.centeredPage}>
      <Card className={styles.narrowCard} aria-labelledby="app-error-title">
        <h1 id="app-error-title" className={styles.pageTitle}>
          <Trans>Unexpected Application Error</Trans>
        </h1>
        <p>
          <Trans>Something went wrong on this page. Please go back to the start page and try again.</Trans>
        </p>
        <a href="/">
          <Trans>To the start page</Trans>
        </a>
      </Card>
    </main>
  );
}
