import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { MessageId } from '../../../common/contracts/message-ids';
import type { OrderDetail } from '../../../common/contracts/trading';
import { useFormats } from '../../i18n/use-formats';
import { useMessageText } from '../../i18n/use-message-text';
import { InfoBox } from '../../ui/InfoBox';
import { LoadError } from '../../ui/LoadError';
import { OrderHeader } from '../trade-shared/OrderHeader';

/**
 * What the workshop's and the dealer's order pages share: the way back to the list, the title,
 * loading and its failure, the notice after a refused change, and the order's header. The page
 * adds its own lines table, actions and dialogs as children, shown once the order is there.
 */
export function OrderPageFrame({
  orderId,
  side,
  listLink,
  inquiryLink,
  view,
  children,
  dialogs,
}: {
  orderId: number;
  side: 'workshop' | 'dealer';
  listLink: ReactNode;
  inquiryLink: ReactNode;
  view: {
    order: OrderDetail | null;
    loading: boolean;
    loadError: string | null;
    retry: () => void;
    notice: MessageId | null;
  };
  children: (order: OrderDetail) => ReactNode;
  /** The page's dialogs, which stay mounted while the order reloads. */
  dialogs: ReactNode;
}) {
  const messageText = useMessageText();
  const format = useFormats();
  return (
    <section aria-labelledby="order-title" aria-busy={view.loading}>
      <p>{listLink}</p>
      <h1 id="order-title">{format.orderReference(orderId)}</h1>
      <LoadError message={view.loadError} onRetry={view.retry} />
      {view.loading ? (
        <p role="status">
          <Trans>Loading the order…</Trans>
        </p>
      ) : null}
      {view.notice ? <InfoBox tone="error">{messageText(view.notice)}</InfoBox> : null}
      {view.order ? (
        <>
          <OrderHeader order={view.order} side={side} inquiryLink={inquiryLink} />
          {children(view.order)}
        </>
      ) : null}
      {dialogs}
    </section>
  );
}
