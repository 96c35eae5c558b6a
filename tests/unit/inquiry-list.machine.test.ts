import { expect, test } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import type { TradeEvent } from '../../common/contracts/trading';
import { type InquiryListPage, type InquiryListQuery, inquiryListMachine } from '../../machines/inquiry-list.machine';
import { aTradeEvent } from '../support/workshop-inquiry-fixtures';

const emptyPage: InquiryListPage = { items: [], total: 0, page: 1, page_size: 20 };

test('a live event that arrives while a page is read makes it read again (the answer may predate it)', async () => {
  const pending: ((page: InquiryListPage) => void)[] = [];
  let emit: (event: TradeEvent) => void = () => {};
  const actor = createActor(
    inquiryListMachine.provide({
      actors: {
        loadInquiries: fromPromise<InquiryListPage, InquiryListQuery>(
          () => new Promise((resolve) => void pending.push(resolve)),
        ),
        liveEvents: fromCallback(({ sendBack }) => {
          emit = (event) => sendBack({ type: 'trade.event', event });
          return () => {};
        }),
      },
    }),
    { input: { query: { page: 1, status: '' } } },
  );
  actor.start();
  expect(pending).toHaveLength(1);
  emit(aTradeEvent(77));
  pending[0]?.(emptyPage);
  await waitFor(actor, () => pending.length === 2);
  expect(actor.getSnapshot().value).toBe('loading');
  pending[1]?.(emptyPage);
  await waitFor(actor, (snapshot) => snapshot.matches('ready'));
  expect(pending).toHaveLength(2);
  actor.stop();
});
