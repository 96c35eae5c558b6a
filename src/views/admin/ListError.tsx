import { Trans } from '@lingui/react/macro';
import { Button } from '../../ui/Button';
import { InfoBox } from '../../ui/InfoBox';

/** An admin list that could not be loaded: the server's message and a retry. */
export function ListError({ message, onRetry }: { message: string | null; onRetry: () => void }) {
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
