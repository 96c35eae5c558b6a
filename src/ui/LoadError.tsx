import { Trans } from '@lingui/react/macro';
import { Button } from './Button';
import { InfoBox } from './InfoBox';

/** Something a screen could not load: the server's message and a retry (nothing when there is no message). */
export function LoadError({ message, onRetry }: { message: string | null; onRetry: () => void }) {
  if (!message) return null;
  return (
    <InfoBox tone="error">
      {message}{' '}
      <Button variant="ghost" onClick={onRetry}>
        <Trans>Try again</Trans>
      </Button>
    </InfoBox>
  );
}
