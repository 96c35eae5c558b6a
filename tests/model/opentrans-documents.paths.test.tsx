import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import { getShortestPaths } from 'xstate/graph';
import type { OpenTransProblem } from '../../common/contracts/opentrans';
import type { OrderDetail } from '../../common/contracts/trading';
import {
  type OpenTransDocumentsEvent,
  type OpenTransFile,
  type OpenTransUploadInput,
  type OpenTransUploadResult,
  openTransDocumentsMachine,
} from '../../machines/opentrans-documents.machine';
import { OpenTransPanel } from '../../src/views/orders/OpenTransPanel';
import type { OpenTransDocumentsImplementations } from '../../src/views/orders/use-opentrans-documents';
import { apiFailure } from '../support/failures';
import { order } from '../support/orders';
import { controlledActors, type Step as PathStep, pathCases, withoutPrefixPaths } from '../support/path-replay';
import { renderInRouter } from '../support/render-in-router';

/*
 * The dealer order page's openTRANS panel (ADR 042): every shortest path of its machine, driven
 * through the real panel by clicks and a chosen file, with the service held in flight.
 */

const networkError = apiFailure('No connection to the server', 'networkError');
const problems: OpenTransProblem[] = [
  {
    message_id: 'openTransUnknownLine',
    message: 'This item does not exist in the order.',
    order_id: '42',
    line_item_id: '7',
  },
  {
    message_id: 'openTransShipNotAllowed',
    message: 'This item cannot be reported as shipped in its current state (confirm it first).',
    order_id: '42',
    line_item_id: '1',
  },
];
const refused = Object.assign(
  apiFailure('The openTRANS document was not applied; nothing has been changed.', 'openTransRefused'),
  {
    data: { problems },
  },
);
const file: OpenTransFile = { bytes: new Blob(['<ORDER/>']), fileName: 'opentrans-order-42.xml' };
const applied: OpenTransUploadResult = {
  result: {
    kind: 'ORDERRESPONSE',
    changes: [
      {
        order_id: 42,
        line_id: 101,
        line_item_id: '1',
        part_number: '1K0 615 301 AA',
        action: 'confirm',
        status: 'confirmed',
      },
    ],
  },
  order,
  message: 'The openTRANS document has been applied.',
};
const chosen = new File(['<ORDERRESPONSE/>'], 'antwort.xml', { type: 'application/xml' });

type Step = PathStep<{ file?: File }>;

const paths = getShortestPaths(openTransDocumentsMachine, {
  input: { orderId: 42 },
  events: [
    { type: 'order.download' },
    { type: 'xstate.done.actor.downloadOrder', output: file },
    { type: 'xstate.error.actor.downloadOrder', error: networkError },
    { type: 'document.choose', file: chosen },
    { type: 'xstate.done.actor.uploadDocument', output: applied },
    { type: 'xstate.error.actor.uploadDocument', error: refused },
    { type: 'xstate.error.actor.uploadDocument', error: networkError },
  ] as unknown as OpenTransDocumentsEvent[],
  serializeState: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      downloadFailure: snapshot.context.downloadFailure,
      applied: snapshot.context.applied !== null,
      problems: snapshot.context.problems.length,
      failure: snapshot.context.failure,
    }),
});

test('the traversal reaches every state of both regions', () => {
  const reached = new Set(paths.map((path) => JSON.stringify(path.state.value)));
  for (const upload of ['idle', 'sending', 'applied', 'refused', 'failed']) {
    expect(reached).toContain(JSON.stringify({ download: 'idle', upload }));
  }
  expect(reached).toContain(JSON.stringify({ download: 'downloading', upload: 'idle' }));
});

test.each(pathCases(withoutPrefixPaths(paths)))('%s', async (_name, path) => {
  const user = userEvent.setup();
  const { controlled, calls, isActorOutcome, settle } = controlledActors();
  const saveFile = vi.fn();
  const orderChanged = vi.fn();
  const implementations: OpenTransDocumentsImplementations = {
    actors: {
      downloadOrder: controlled<OpenTransFile, { orderId: number }>('downloadOrder'),
      uploadDocument: controlled<OpenTransUploadResult, OpenTransUploadInput>('uploadDocument'),
    },
    actions: {
      saveFile: (_, saved) => saveFile(saved),
      orderChanged: (_, changed: OrderDetail) => orderChanged(changed),
      notifySuccess: () => {},
    },
  };
  await renderInRouter('/dealer/orders/42', () => <OpenTransPanel implementations={implementations} orderId={42} />);

  for (const { event: raw, state } of path.steps) {
    const event = raw as Step;
    if (isActorOutcome(event)) {
      await settle(event);
    } else if (event.type === 'order.download') {
      await user.click(screen.getByRole('button', { name: 'Download openTRANS order' }));
    } else if (event.type === 'document.choose') {
      await user.upload(
        screen.getByLabelText("Upload your ERP's answer (ORDERRESPONSE or DISPATCHNOTIFICATION)"),
        event.file ?? chosen,
      );
    }

    const { context } = state;
    if (state.matches({ download: 'downloading' })) {
      expect(calls.downloadOrder?.at(-1)).toEqual({ orderId: 42 });
    }
    if (event.type === 'xstate.done.actor.downloadOrder') expect(saveFile).toHaveBeenLastCalledWith(file);
    // The download's and the upload's failures are each said where they happened.
    const failures = (context.downloadFailure ? 1 : 0) + (state.matches({ upload: 'failed' }) ? 1 : 0);
    expect(screen.queryAllByText('No connection to the server')).toHaveLength(failures);
    if (state.matches({ upload: 'sending' })) {
      expect(screen.getByRole('status')).toHaveTextContent('Applying antwort.xml…');
      expect(calls.uploadDocument?.at(-1)).toEqual({ orderId: 42, file: chosen });
      expect(screen.getByLabelText("Upload your ERP's answer (ORDERRESPONSE or DISPATCHNOTIFICATION)")).toBeDisabled();
    }
    if (state.matches({ upload: 'applied' })) {
      expect(screen.getByText('antwort.xml was applied:')).toBeVisible();
      expect(screen.getByRole('list', { name: 'Changed lines' })).toHaveTextContent('Line 1 (1K0 615 301 AA): Confirm');
      expect(orderChanged).toHaveBeenLastCalledWith(order);
    } else {
      expect(screen.queryByRole('list', { name: 'Changed lines' })).toBeNull();
    }
    if (state.matches({ upload: 'refused' })) {
      expect(screen.getByText('antwort.xml was not applied; nothing has been changed:')).toBeVisible();
      const listed = screen.getAllByRole('listitem').map((item) => item.textContent);
      expect(listed).toEqual([
        'Line 7: This item does not exist in the order.',
        'Line 1: This item cannot be reported as shipped in its current state (confirm it first).',
      ]);
      expect(orderChanged).not.toHaveBeenCalled();
    } else {
      expect(screen.queryByRole('list', { name: 'Problems' })).toBeNull();
    }
    if (state.matches({ upload: 'idle' })) expect(screen.queryByRole('status')).toBeNull();
  }
});
