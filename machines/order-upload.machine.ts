import { assign, fromPromise, setup } from 'xstate';
import type { UploadLayout, UploadLayoutSave } from '../common/contracts/upload-layouts';
import type { ColumnRole, OrderFileFailure, OrderFileReadResult, OrderFileTable } from '../common/upload/order-file';
import {
  assignRole,
  editedRow,
  editKey,
  guessRoles,
  isLineValid,
  type MappedLine,
  type MappingOptions,
  mappingNamesAPart,
  mapRow,
  mapRows,
} from '../common/upload/order-file-mapping';
import { type RequestFailure, toRequestFailure } from './request-failure';

/** A line the upload hands to the new-inquiry form, in the form's own shape (quantity as text). */
export type ImportedLine = { part_number: string; description: string; quantity: string; note: string };

type AppliedLayout = { name: string; guessedRoles: ColumnRole[] };

type Context = {
  /** How many lines the form can still take (the inquiry's line limit less what it holds). */
  capacity: number;
  mapping: MappingOptions;
  fileName: string | null;
  table: OrderFileTable | null;
  roles: ColumnRole[];
  /** The person's fixes, keyed `row:column`, over the file's cells. */
  edits: Record<string, string>;
  /** Row indexes the person left out. */
  dropped: number[];
  /** Every row as a line under the current mapping, fixes and all (derived, kept for the view). */
  lines: MappedLine[];
  /** Whether the person changed a role: a layout arriving later then does not overwrite it. */
  rolesTouched: boolean;
  appliedLayout: AppliedLayout | null;
  layoutName: string;
  layoutSaveFailure: RequestFailure | null;
  savedLayoutName: string | null;
  failure: OrderFileFailure | null;
};

export type OrderUploadEvent =
  | { type: 'file.choose'; file: File }
  | { type: 'role.assign'; column: number; role: ColumnRole }
  | { type: 'cell.change'; row: number; column: number; value: string }
  | { type: 'line.drop'; row: number }
  | { type: 'line.restore'; row: number }
  | { type: 'lines.dropBeyondCapacity' }
  | { type: 'layout.revert' }
  | { type: 'layout.nameChange'; name: string }
  | { type: 'layout.save' }
  | { type: 'import.confirm' }
  | { type: 'upload.cancel' };

/** The lines the person keeps, in file order. */
export function keptLines(context: Pick<Context, 'lines' | 'dropped'>) {
  if (context.dropped.length === 0) return context.lines;
  const dropped = new Set(context.dropped);
  return context.lines.filter((line) => !dropped.has(line.row));
}

/** What stands between the preview and "take over", or null when the lines can be taken over. */
export function confirmBlocker(
  context: Pick<Context, 'roles' | 'lines' | 'dropped' | 'capacity'>,
): 'noPartColumn' | 'noLines' | 'invalidLines' | 'tooManyLines' | null {
  if (!mappingNamesAPart(context.roles)) return 'noPartColumn';
  const kept = keptLines(context);
  if (kept.length === 0) return 'noLines';
  if (kept.length > context.capacity) return 'tooManyLines';
  if (!kept.every(isLineValid)) return 'invalidLines';
  return null;
}

const relined = (context: Context, patch: Partial<Context>) => {
  const next = { ...context, ...patch };
  return { ...patch, lines: next.table ? mapRows(next.table.rows, next.edits, next.roles, next.mapping) : [] };
};

/**
 * Orders from a file (issue 14): a chosen file is read by the parser (`readOrderFile`, in a Web
 * Worker), then shown as a mapping preview where the person assigns the columns, fixes cells and
 * drops lines; a layout saved for files of this shape is applied (and can be undone), the mapping
 * can be saved as a named layout. Nothing leaves the preview until the person confirms: then the
 * lines are handed to the new-inquiry form (`deliverLines`), which the person still sends.
 */
export const orderUploadMachine = setup({
  types: {
    context: {} as Context,
    events: {} as OrderUploadEvent,
    input: {} as { capacity: number; mapping: MappingOptions },
  },
  actors: {
    readOrderFile: fromPromise<OrderFileReadResult, { file: File }>(async () => {
      throw new Error('readOrderFile actor not implemented: provide it with orderUploadMachine.provide()');
    }),
    loadLayouts: fromPromise<UploadLayout[], { shape: string }>(async () => {
      throw new Error('loadLayouts actor not implemented: provide it with orderUploadMachine.provide()');
    }),
    saveLayout: fromPromise<UploadLayout, UploadLayoutSave>(async () => {
      throw new Error('saveLayout actor not implemented: provide it with orderUploadMachine.provide()');
    }),
  },
  actions: {
    deliverLines: (_, _lines: ImportedLine[]) => {},
    /** Gets the reader ready while the person picks a file (pdf.js takes a moment to load). */
    prepareReader: () => {},
    /** Lets go of a reader made ready but not used (the upload ended). */
    releaseReader: () => {},
  },
  guards: {
    wasRead: ({ event }) => (event as { output?: OrderFileReadResult }).output?.ok === true,
    canConfirm: ({ context }) => confirmBlocker(context) === null,
    hasLayoutName: ({ context }) => context.layoutName.trim() !== '' && context.table !== null,
    hasAppliedLayout: ({ context }) => context.appliedLayout !== null,
  },
}).createMachine({
  id: 'orderUpload',
  context: ({ input }) => ({
    capacity: input.capacity,
    mapping: input.mapping,
    fileName: null,
    table: null,
    roles: [],
    edits: {},
    dropped: [],
    lines: [],
    rolesTouched: false,
    appliedLayout: null,
    layoutName: '',
    layoutSaveFailure: null,
    savedLayoutName: null,
    failure: null,
  }),
  initial: 'choosing',
  on: {
    'upload.cancel': '.cancelled',
  },
  states: {
    choosing: {
      entry: 'prepareReader',
      on: {
        'file.choose': {
          target: 'reading',
          actions: assign({ fileName: ({ event }) => event.file.name, failure: null }),
        },
      },
    },
    reading: {
      tags: ['busy'],
      invoke: {
        id: 'readOrderFile',
        src: 'readOrderFile',
        input: ({ event }) => ({ file: (event as { file: File }).file }),
        onDone: [
          {
            guard: 'wasRead',
            target: 'mapping',
            actions: assign(({ context, event }) => {
              const result = event.output;
              if (!result.ok) return {};
              const roles = guessRoles(result.table.header, result.table.rows);
              return relined(context, {
                table: result.table,
                roles,
                edits: {},
                dropped: [],
                rolesTouched: false,
                appliedLayout: null,
                layoutName: '',
                layoutSaveFailure: null,
                savedLayoutName: null,
              });
            }),
          },
          {
            target: 'failed',
            actions: assign({
              failure: ({ event }) => (event.output.ok ? 'unreadable' : event.output.failure),
            }),
          },
        ],
        // A parser that breaks (a worker crash) is an unreadable file to the person, never a half preview.
        onError: { target: 'failed', actions: assign({ failure: 'unreadable' }) },
      },
    },
    failed: {
      description: 'The file changed nothing; the message says why, and another file can be chosen.',
      entry: 'prepareReader',
      on: {
        'file.choose': {
          target: 'reading',
          actions: assign({ fileName: ({ event }) => event.file.name, failure: null }),
        },
      },
    },
    mapping: {
      initial: 'loadingLayouts',
      on: {
        'role.assign': {
          actions: assign(({ context, event }) =>
            relined(context, { roles: assignRole(context.roles, event.column, event.role), rolesTouched: true }),
          ),
        },
        'cell.change': {
          // Only the fixed row is checked again: a keystroke in a 2 000-line file stays instant.
          actions: assign(({ context, event }) => {
            const edits = { ...context.edits, [editKey(event.row, event.column)]: event.value };
            const rows = context.table?.rows ?? [];
            const line = mapRow(editedRow(rows, edits, event.row), event.row, context.roles, context.mapping);
            return {
              edits,
              lines: context.lines.map((current) => (current.row === event.row ? line : current)),
            };
          }),
        },
        'line.drop': {
          actions: assign({
            dropped: ({ context, event }) =>
              context.dropped.includes(event.row) ? context.dropped : [...context.dropped, event.row],
          }),
        },
        'line.restore': {
          actions: assign({ dropped: ({ context, event }) => context.dropped.filter((row) => row !== event.row) }),
        },
        'lines.dropBeyondCapacity': {
          actions: assign({
            dropped: ({ context }) => [
              ...context.dropped,
              ...keptLines(context)
                .slice(context.capacity)
                .map((line) => line.row),
            ],
          }),
        },
        'layout.revert': {
          guard: 'hasAppliedLayout',
          actions: assign(({ context }) =>
            relined(context, {
              roles: context.appliedLayout?.guessedRoles ?? context.roles,
              appliedLayout: null,
              rolesTouched: true,
            }),
          ),
        },
        'layout.nameChange': {
          actions: assign({ layoutName: ({ event }) => event.name, layoutSaveFailure: null }),
        },
        'import.confirm': {
          guard: 'canConfirm',
          target: 'confirmed',
          actions: {
            type: 'deliverLines',
            params: ({ context }) =>
              keptLines(context).map(({ line }) => ({
                part_number: line.part_number,
                description: line.description,
                quantity: String(line.quantity),
                note: line.note,
              })),
          },
        },
      },
      states: {
        loadingLayouts: {
          invoke: {
            id: 'loadLayouts',
            src: 'loadLayouts',
            input: ({ context }) => ({ shape: context.table?.shape ?? '' }),
            onDone: {
              target: 'ready',
              actions: assign(({ context, event }) => {
                // The most recently saved layout of this shape that fits the file's columns.
                const layout = event.output
                  .filter((candidate) => candidate.shape === context.table?.shape)
                  .filter((candidate) => candidate.roles.length === context.roles.length)
                  .sort((a, b) => b.updated_at.localeCompare(a.updated_at))[0];
                if (!layout || context.rolesTouched) return {};
                return relined(context, {
                  roles: layout.roles,
                  appliedLayout: { name: layout.name, guessedRoles: context.roles },
                  layoutName: layout.name,
                });
              }),
            },
            // Saved layouts are a convenience: without them the guessed mapping stands.
            onError: { target: 'ready' },
          },
        },
        ready: {
          on: {
            'layout.save': { guard: 'hasLayoutName', target: 'savingLayout' },
          },
        },
        savingLayout: {
          tags: ['busy'],
          invoke: {
            id: 'saveLayout',
            src: 'saveLayout',
            input: ({ context }) => ({
              name: context.layoutName.trim(),
              kind: context.table?.kind ?? 'csv',
              shape: context.table?.shape ?? '',
              roles: context.roles,
            }),
            onDone: {
              target: 'ready',
              actions: assign({
                savedLayoutName: ({ event }) => event.output.name,
                layoutSaveFailure: null,
              }),
            },
            onError: {
              target: 'ready',
              actions: assign({ layoutSaveFailure: ({ event }) => toRequestFailure(event.error) }),
            },
          },
        },
      },
    },
    confirmed: { type: 'final', entry: 'releaseReader' },
    cancelled: { type: 'final', entry: 'releaseReader' },
  },
});
