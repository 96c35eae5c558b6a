import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import type { OrderDetail } from '../../../common/contracts/trading';
import { openTransDocumentsMachine } from '../../../machines/opentrans-documents.machine';
import type { DealerOrdersApi } from '../../api/orders-api';
import { inspectionOptions } from '../../app/inspection';
import { notify } from '../notifications/notify';
import { saveFileInBrowser } from '../trade-shared/save-file';

export type OpenTransDocumentsImplementations = Parameters<typeof openTransDocumentsMachine.provide>[0];

/** The openTRANS panel's effects: the part-dealer service, the browser's download, the order page, the snackbar. */
export function createOpenTransDocumentsImplementations(deps: {
  api: DealerOrdersApi;
  onOrderChanged: (order: OrderDetail) => void;
}): OpenTransDocumentsImplementations {
  return {
    actors: {
      downloadOrder: fromPromise(({ input }) => deps.api.downloadOrderDocument(input.orderId)),
      uploadDocument: fromPromise(({ input }) => deps.api.uploadDocument(input.orderId, input.file)),
    },
    actions: {
      saveFile: (_, file) => saveFileInBrowser(file),
      orderChanged: (_, order) => deps.onOrderChanged(order),
      notifySuccess: (_, { message }) => notify.success(message),
    },
  };
}

/** The facade of the dealer order page's openTRANS panel. */
export function useOpenTransDocuments(implementations: OpenTransDocumentsImplementations, orderId: number) {
  const [machine] = useState(() => openTransDocumentsMachine.provide(implementations));
  const actor = useActorRef(machine, { ...inspectionOptions(), input: { orderId } });
  const send = actor.send;
  return {
    downloading: useSelector(actor, (snapshot) => snapshot.matches({ download: 'downloading' })),
    downloadFailure: useSelector(actor, (snapshot) => snapshot.context.downloadFailure),
    uploading: useSelector(actor, (snapshot) => snapshot.matches({ upload: 'sending' })),
    fileName: useSelector(actor, (snapshot) => snapshot.context.fileName),
    applied: useSelector(actor, (snapshot) =>
      snapshot.matches({ upload: 'applied' }) ? snapshot.context.applied : null,
    ),
    problems: useSelector(actor, (snapshot) =>
      snapshot.matches({ upload: 'refused' }) ? snapshot.context.problems : null,
    ),
    failure: useSelector(actor, (snapshot) =>
      snapshot.matches({ upload: 'failed' }) ? snapshot.context.failure : null,
    ),
    download: () => send({ type: 'order.download' }),
    choose: (file: File) => send({ type: 'document.choose', file }),
  };
}
