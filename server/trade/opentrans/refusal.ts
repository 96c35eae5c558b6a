import type { OpenTransFinding, OpenTransProblem } from '../../../common/contracts/opentrans';
import { ApiRefusal } from '../../http/respond';
import { type ServerLocale, translate } from '../../i18n';

/**
 * A refused document as the adapters answer it (ADR 042): 422 `openTransRefused`, the envelope's
 * data listing every problem in the request's language with the order and line it names.
 */
export function openTransRefusal(locale: ServerLocale, findings: readonly OpenTransFinding[]) {
  const problems: OpenTransProblem[] = findings.map((finding) => ({
    message_id: finding.messageId,
    message: translate(locale, finding.messageId),
    order_id: finding.orderId,
    line_item_id: finding.lineItemId,
  }));
  return new ApiRefusal(422, 'openTransRefused', { data: { problems } });
}
