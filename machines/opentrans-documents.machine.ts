import * as v from 'valibot';
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { type OpenTransProblem, type OpenTransResult, openTransRefusalDataSchema } from '../common/contracts/opentrans';
import type { OrderDetail } from '../common/contracts/trading';
import { toRequestFailure } from './request-failure';

/*
 * The dealer order page's openTRANS panel (ADR 042): download the order as an ORDER document for
 * the ERP, and upload the ERP's ORDERRESPONSE or DISPATCHNOTIFICATION. The server applies a
 * document whole or refuses it whole with a list of problems; the panel shows which lines changed,
 * or every problem. The file's bytes go as they are (base64): the server reads their encoding.
 */

/** A generated file to hand to the browser. */
export type OpenTransFile = { bytes: Blob; fileName: string };
/** What an applied upload answers: the changed lines, the order as it is now, the server's message. */
export type OpenTransUploadResult = { result: OpenTransResult; order: OrderDetail; message: string | undefined };
export type OpenTransUploadInput = { orderId: number; file: File };

type Context = {
  orderId: number;
  /** The chosen file's name, shown with the outcome. */
  fileName: string | null;
  applied: OpenTransResult | null;
  problems: OpenTransProblem[];
  /** Why the upload or the download did not happen at all (network, 413, …): the server's message. */
  failure: string | null;
  downloadFailure: string | null;
};

export type OpenTransDocumentsEvent = { type: 'order.download' } | { type: 'document.choose'; file: File };

/** The problems of a refused document (422 `openTransRefused`), read by shape: machines do not import the API layer. */
export function refusalProblems(error: unknown): OpenTransProblem[] | null {
  if (typeof error !== 'object' || error === null) return null;
  const candidate = error as { messageId?: unknown; data?: unknown };
  if (candidate.messageId !== 'openTransRefused') return null;
  const parsed = v.safeParse(openTransRefusalDataSchema, candidate.data);
  return parsed.success ? parsed.output.problems : null;
}

export const openTransDocumentsMachine = setup({
  types: {
    context: {} as Context,
    events: {} as OpenTransDocumentsEvent,
    input: {} as { orderId: number },
  },
  actors: {
    downloadOrder: fromPromise<OpenTransFile, { orderId: number }>(async () => {
      throw new Error('downloadOrder actor not implemented: provide it with .provide()');
    }),
    uploadDocument: fromPromise<OpenTransUploadResult, OpenTransUploadInput>(async () => {
      throw new Error('uploadDocument actor not implemented: provide it with .provide()');
    }),
  },
  actions: {
    saveFile: (_, _file: OpenTransFile) => {},
    /** The order page shows the order the upload left (the dealer order machine's `order.replace`). */
    orderChanged: (_, _order: OrderDetail) => {},
    notifySuccess: (_, _params: { message: string | undefined }) => {},
  },
  guards: {
    isRefusal: ({ event }) => refusalProblems((event as { error?: unknown }).error) !== null,
  },
}).createMachine({
  id: 'openTransDocuments',
  context: ({ input }) => ({
    orderId: input.orderId,
    fileName: null,
    applied: null,
    problems: [],
    failure: null,
    downloadFailure: null,
  }),
  type: 'parallel',
  states: {
    download: {
      initial: 'idle',
      states: {
        idle: { on: { 'order.download': { target: 'downloading', actions: assign({ downloadFailure: null }) } } },
        downloading: {
          tags: ['busy'],
          invoke: {
            id: 'downloadOrder',
            src: 'downloadOrder',
            input: ({ context }) => ({ orderId: context.orderId }),
            onDone: { target: 'idle', actions: { type: 'saveFile', params: ({ event }) => event.output } },
            onError: {
              target: 'idle',
              actions: assign({ downloadFailure: ({ event }) => toRequestFailure(event.error).message }),
            },
          },
        },
      },
    },
    upload: {
      initial: 'idle',
      states: {
        idle: {},
        sending: {
          tags: ['busy'],
          invoke: {
            id: 'uploadDocument',
            src: 'uploadDocument',
            input: ({ context, event }) => {
              assertEvent(event, 'document.choose');
              return { orderId: context.orderId, file: event.file };
            },
            onDone: {
              target: 'applied',
              actions: [
                assign({ applied: ({ event }) => event.output.result }),
                { type: 'orderChanged', params: ({ event }) => event.output.order },
                { type: 'notifySuccess', params: ({ event }) => ({ message: event.output.message }) },
              ],
            },
            onError: [
              {
                guard: 'isRefusal',
                target: 'refused',
                actions: assign({ problems: ({ event }) => refusalProblems(event.error) ?? [] }),
              },
              { target: 'failed', actions: assign({ failure: ({ event }) => toRequestFailure(event.error).message }) },
            ],
          },
        },
        applied: { description: 'The document changed the lines listed.' },
        refused: { description: 'Nothing changed; every problem of the document is listed.' },
        failed: { description: 'The document did not reach the mapping (network, too large, not a file).' },
      },
      on: {
        'document.choose': {
          target: '.sending',
          // Another file while one is sending replaces it: the earlier upload's answer is not awaited.
          reenter: true,
          actions: assign({
            fileName: ({ event }) => event.file.name,
            applied: null,
            problems: [],
            failure: null,
          }),
        },
      },
    },
  },
});
