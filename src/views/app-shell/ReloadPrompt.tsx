import { Trans } from '@lingui/react/macro';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import * as styles from './app-shell.css';

/** Shown when a part of the app could not be loaded (a failed or very slow route chunk). */
export function ReloadPrompt() {
  return (
    <main className={styles.centeredPage}>
      <Card className={styles.narrowCard} aria-labelledby="reload-title">
        <h1 id="reload-title" className={styles.pageTitle}>
          <Trans>This page could not be loaded</Trans>
        </h1>
        <p>
          <Trans>
            The connection may have been interrupted, or a new version of the portal was published. Reloading usually
            helps.
          </Trans>
        </p>
        <Button onClick={() => window.location.reload()}>
          <Trans>Reload page</Trans>
        </Button>
      </Card>
    </main>
  );
}
