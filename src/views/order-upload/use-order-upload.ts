import { useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import { fromPromise } from 'xstate';
import { formatLanguage, formatMoney } from '../../../common/format/formats';
import type { ColumnRole, OrderFileReadResult } from '../../../common/upload/order-file';
import { editKey } from '../../../common/upload/order-file-mapping';
import {
  confirmBlocker,
  type ImportedLine,
  keptLines,
  orderUploadMachine,
} from '../../../machines/order-upload.machine';
import type { UploadLayoutsApi } from '../../api/upload-layouts-api';
import { inspectionOptions } from '../../app/inspection';

export type OrderUploadImplementations = Parameters<typeof orderUploadMachine.provide>[0];

/** Reads an order file (the parser, in a Web Worker); `signal` aborts it when the person cancels. */
export type ReadOrderFile = (file: File, signal?: AbortSignal) => Promise<OrderFileReadResult>;

/** The upload's effects: the parser and the saved layouts. */
export function createOrderUploadImplementations(deps: {
  readOrderFile: ReadOrderFile;
  layouts: Pick<UploadLayoutsApi, 'list' | 'save'>;
  prepareReader?: () => void;
  releaseReader?: () => void;
}): OrderUploadImplementations {
  return {
    actions: {
      prepareReader: () => deps.prepareReader?.(),
      releaseReader: () => deps.releaseReader?.(),
    },
    actors: {
      readOrderFile: fromPromise(({ input, signal }) => deps.readOrderFile(input.file, signal)),
      loadLayouts: fromPromise(({ input }) => deps.layouts.list(input.shape)),
      saveLayout: fromPromise(async ({ input }) => (await deps.layouts.save(input)).layout),
    },
  };
}

/** The facade of the upload dialog: one upload from choosing the file to handing over the lines. */
export function useOrderUpload(
  implementations: OrderUploadImplementations,
  options: { capacity: number; onLines: (lines: ImportedLine[]) => void; onEnd: () => void },
) {
  const { t, i18n } = useLingui();
  const [machine] = useState(() =>
    orderUploadMachine.provide({
      ...implementations,
      actions: { ...implementations.actions, deliverLines: (_, lines) => options.onLines(lines) },
    }),
  );
  const actor = useActorRef(machine, {
    input: {
      capacity: options.capacity,
      // The inquiry has no price: the file's price goes to the dealer as the line's note.
      mapping: {
        priceNote: (cents: number) => {
          const amount = formatMoney(cents, formatLanguage(i18n.locale));
          return t`Price in file: ${amount}`;
        },
      },
    },
    ...inspectionOptions(),
  });
  const send = actor.send;
  const context = useSelector(actor, (snapshot) => snapshot.context);
  const state = useSelector(actor, (snapshot) =>
    snapshot.matches('choosing')
      ? 'choosing'
      : snapshot.matches('reading')
        ? 'reading'
        : snapshot.matches('failed')
          ? 'failed'
          : snapshot.matches('mapping')
            ? 'mapping'
            : 'ended',
  );
  const savingLayout = useSelector(actor, (snapshot) => snapshot.matches({ mapping: 'savingLayout' }));
  const kept = useMemo(() => keptLines(context), [context]);
  const blocker = useMemo(() => confirmBlocker(context), [context]);
  return {
    state,
    savingLayout,
    fileName: context.fileName,
    failure: context.failure,
    table: context.table,
    roles: context.roles,
    lines: context.lines,
    dropped: context.dropped,
    keptCount: kept.length,
    capacity: context.capacity,
    blocker,
    appliedLayout: context.appliedLayout?.name ?? null,
    layoutName: context.layoutName,
    savedLayoutName: context.savedLayoutName,
    layoutSaveFailure: context.layoutSaveFailure,
    /** The person's fix of a cell, or undefined when the cell is as read. */
    editedCell: (row: number, column: number): string | undefined => context.edits[editKey(row, column)],
    chooseFile: (file: File) => send({ type: 'file.choose', file }),
    assignRole: (column: number, role: ColumnRole) => send({ type: 'role.assign', column, role }),
    changeCell: (row: number, column: number, value: string) => send({ type: 'cell.change', row, column, value }),
    drop: (row: number) => send({ type: 'line.drop', row }),
    restore: (row: number) => send({ type: 'line.restore', row }),
    dropBeyondCapacity: () => send({ type: 'lines.dropBeyondCapacity' }),
    revertLayout: () => send({ type: 'layout.revert' }),
    changeLayoutName: (name: string) => send({ type: 'layout.nameChange', name }),
    saveLayout: () => send({ type: 'layout.save' }),
    confirm: () => {
      send({ type: 'import.confirm' });
      if (actor.getSnapshot().status === 'done') options.onEnd();
    },
    cancel: () => {
      send({ type: 'upload.cancel' });
      options.onEnd();
    },
  };
}

export type OrderUpload = ReturnType<typeof useOrderUpload>;
