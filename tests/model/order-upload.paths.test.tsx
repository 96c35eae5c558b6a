import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { initialTransition, transition } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { UploadLayout, UploadLayoutSave } from '../../common/contracts/upload-layouts';
import { formatMoney } from '../../common/format/formats';
import type { OrderFileReadResult, OrderFileTable } from '../../common/upload/order-file';
import {
  confirmBlocker,
  keptLines,
  type OrderUploadEvent,
  orderUploadMachine,
} from '../../machines/order-upload.machine';
import { PREVIEW_PAGE_SIZE } from '../../src/views/order-upload/MappingPreview';
import { NewInquiryView } from '../../src/views/workshop-inquiries/NewInquiryView';
import { newInquiryDraftStore } from '../../src/views/workshop-inquiries/new-inquiry-draft';
import { createNewInquiryImplementations } from '../../src/views/workshop-inquiries/use-new-inquiry';
import { apiFailure } from '../support/failures';
import { controlledActors, type Step as PathStep, pathCases, withoutPrefixPaths } from '../support/path-replay';
import { renderInRouter } from '../support/render-in-router';
import { quotedInquiry, supplierList } from '../support/workshop-inquiry-fixtures';

const table: OrderFileTable = {
  kind: 'pdf',
  header: ['Pos.', 'Art.-Nr.', 'Bezeichnung', 'Menge', 'EP'],
  rows: [
    ['1', '1K0 615 301 AA', 'Bremsscheibe', '2 Stk', '89,90'],
    ['2', '03L 115 562', 'Ölfilter', '1,5', '12,50'],
    ['3', '=HYPERLINK("x")', 'Zubehör', '1', ''],
  ],
  shape: 'pdf|5|pos;artnr;bezeichnung;menge;ep',
  pages: 2,
};
const guessed = ['ignore', 'partNumber', 'description', 'quantity', 'price'];
const layout: UploadLayout = {
  id: 3,
  name: 'Bosch-Export',
  kind: 'pdf',
  shape: table.shape,
  roles: ['ignore', 'description', 'partNumber', 'quantity', 'ignore'],
  updated_at: '2026-11-20T09:00:00.000Z',
};
const file = new File(['%PDF'], 'bestellung.pdf', { type: 'application/pdf' });
const offline = apiFailure('No connection to the server', 'networkError');

type Step = PathStep<{ column?: number; role?: string; row?: number; name?: string }>;

const events = [
  { type: 'file.choose', file },
  { type: 'xstate.done.actor.readOrderFile', output: { ok: true, table } },
  { type: 'xstate.done.actor.readOrderFile', output: { ok: false, failure: 'imagesOnlyPdf' } },
  { type: 'xstate.error.actor.readOrderFile', error: new Error('worker crashed') },
  { type: 'xstate.done.actor.loadLayouts', output: [layout] },
  { type: 'xstate.error.actor.loadLayouts', error: offline },
  { type: 'role.assign', column: 2, role: 'partNumber' },
  { type: 'cell.change', row: 1, column: 3, value: '2' },
  { type: 'line.drop', row: 1 },
  { type: 'line.restore', row: 1 },
  { type: 'layout.revert' },
  { type: 'layout.nameChange', name: 'Hauslayout' },
  { type: 'layout.save' },
  { type: 'xstate.done.actor.saveLayout', output: { ...layout, id: 4, name: 'Hauslayout' } },
  { type: 'xstate.error.actor.saveLayout', error: apiFailure('Too many layouts.', 'tooManyLayouts') },
  { type: 'import.confirm' },
  { type: 'upload.cancel' },
] as unknown as OrderUploadEvent[];

// The note the view writes (English in tests), so the machine's lines here are the lines on screen.
const input = {
  capacity: 100,
  mapping: { priceNote: (cents: number) => `Price in file: ${formatMoney(cents, 'en')}` },
};

const paths = getShortestPaths(orderUploadMachine, {
  input,
  events,
  serializeState: (snapshot) =>
    // What the dialog shows differently; the cell values typed are asserted on every step.
    JSON.stringify({
      value: snapshot.value,
      failure: snapshot.context.failure,
      blocker: snapshot.context.table ? confirmBlocker(snapshot.context) : null,
      roles: snapshot.context.roles.join(),
      applied: snapshot.context.appliedLayout !== null,
      dropped: snapshot.context.dropped.length,
      named: snapshot.context.layoutName !== '',
      saved: snapshot.context.savedLayoutName,
      saveFailed: snapshot.context.layoutSaveFailure !== null,
    }),
  limit: 3000,
});

test('the traversal reaches every state of the flow and each outcome', () => {
  const reached = new Set(paths.map((path) => JSON.stringify(path.state.value)));
  for (const state of [
    'choosing',
    'reading',
    'failed',
    { mapping: 'loadingLayouts' },
    { mapping: 'ready' },
    { mapping: 'savingLayout' },
    'confirmed',
    'cancelled',
  ])
    expect(reached).toContain(JSON.stringify(state));
  const failures = new Set(paths.map((path) => path.state.context.failure));
  expect(failures).toContain('imagesOnlyPdf');
  expect(failures).toContain('unreadable');
  expect(paths.some((path) => path.state.context.appliedLayout !== null)).toBe(true);
  expect(paths.some((path) => path.state.context.layoutSaveFailure?.messageId === 'tooManyLayouts')).toBe(true);
});

/** A step as the test's name reads it: an actor's outcome with the file's failure, else the event. */
const nameOf = (event: Step) => {
  if (!event.type.startsWith('xstate.')) return event.type;
  const output = event.output as OrderFileReadResult | undefined;
  const detail = output && 'ok' in output && !output.ok ? `(${output.failure})` : '';
  return event.type.replace('xstate.', '') + detail;
};

test.each(pathCases(withoutPrefixPaths(paths), nameOf))('%s', async (_name, path) => {
  const user = userEvent.setup();
  const { controlled, calls, isActorOutcome, settle } = controlledActors();
  const implementations = createNewInquiryImplementations({
    suppliers: { list: async () => supplierList },
    inquiries: {
      create: async () => ({ inquiry: quotedInquiry(), message: undefined }),
      fitment: async () => [],
      redeemPunchIn: async () => {
        throw new Error('no punch-in on this screen');
      },
    },
    drafts: newInquiryDraftStore(localStorage, 7),
    showInquiry: () => {},
    forgetPunchInLink: () => {},
    leaveTo: () => {},
  });
  const orderUpload = {
    actors: {
      readOrderFile: controlled<OrderFileReadResult, { file: File }>('readOrderFile'),
      loadLayouts: controlled<UploadLayout[], { shape: string }>('loadLayouts'),
      saveLayout: controlled<UploadLayout, UploadLayoutSave>('saveLayout'),
    },
  };
  await renderInRouter('/inquiries/new', () => (
    <NewInquiryView implementations={implementations} draft={null} orderUpload={orderUpload} />
  ));
  await user.click(await screen.findByRole('button', { name: 'Take over from a file (CSV or PDF)' }));
  const dialog = () => screen.getByRole('dialog', { name: 'Take over from a file' });

  let [state] = initialTransition(orderUploadMachine, input);
  for (const { event: raw } of path.steps) {
    const event = raw as Step;
    if (event.type !== 'xstate.init') [state] = transition(orderUploadMachine, state, raw);
    if (isActorOutcome(event)) {
      await settle(event);
    } else if (event.type === 'file.choose') {
      await user.upload(within(dialog()).getByLabelText('Order file (CSV or PDF, up to 5 MB)'), file);
    } else if (event.type === 'role.assign') {
      await user.selectOptions(
        within(dialog()).getByRole('combobox', { name: 'Meaning of column Bezeichnung' }),
        'partNumber',
      );
    } else if (event.type === 'cell.change') {
      const cell = within(dialog()).getByRole('textbox', { name: 'Quantity, line 2' });
      await user.clear(cell);
      await user.type(cell, event.value ?? '');
    } else if (event.type === 'line.drop') {
      await user.click(within(dialog()).getByRole('button', { name: 'Drop line 2' }));
    } else if (event.type === 'line.restore') {
      await user.click(within(dialog()).getByRole('button', { name: 'Restore line 2' }));
    } else if (event.type === 'layout.revert') {
      await user.click(within(dialog()).getByRole('button', { name: 'Use the guessed mapping instead' }));
    } else if (event.type === 'layout.nameChange') {
      const field = within(dialog()).getByLabelText('Save this mapping as layout');
      await user.clear(field);
      await user.type(field, event.name ?? '');
    } else if (event.type === 'layout.save') {
      await user.click(within(dialog()).getByRole('button', { name: 'Save layout' }));
    } else if (event.type === 'import.confirm') {
      await user.click(within(dialog()).getByRole('button', { name: /^Take over \d+ lines?$/ }));
    } else if (event.type === 'upload.cancel') {
      await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    }

    const { context } = state;
    if (state.matches('choosing') || state.matches('failed')) {
      expect(within(dialog()).getByLabelText('Order file (CSV or PDF, up to 5 MB)')).toHaveAttribute(
        'accept',
        '.csv,.pdf,text/csv,application/pdf',
      );
    }
    if (state.matches('reading')) {
      expect(within(dialog()).getByRole('status')).toHaveTextContent('Reading bestellung.pdf…');
      expect(calls.readOrderFile?.at(-1)).toEqual({ file });
    }
    if (state.matches('failed')) {
      const alert = within(dialog()).getByRole('alert');
      expect(alert).toHaveTextContent(
        context.failure === 'imagesOnlyPdf'
          ? 'This PDF holds images only; export it as text or CSV.'
          : 'The file could not be read. Please export it again as CSV or PDF.',
      );
      expect(alert).toHaveTextContent('Nothing has been changed; you can choose another file.');
    }
    if (state.matches('mapping')) {
      const view = within(dialog());
      expect(calls.loadLayouts?.at(-1)).toEqual({ shape: table.shape });
      const kept = keptLines(context);
      expect(view.getAllByRole('status')[0]).toHaveTextContent(
        `3 lines read from 2 PDF pages; ${kept.length} to be taken over.`,
      );
      table.header?.forEach((label, column) => {
        expect(view.getByRole('combobox', { name: `Meaning of column ${label}` })).toHaveValue(context.roles[column]);
      });
      expect(view.getAllByRole('row')).toHaveLength(1 + Math.min(PREVIEW_PAGE_SIZE, context.lines.length));
      const confirm = view.getByRole('button', { name: /^Take over \d+ lines?$/ });
      expect(confirm).toHaveTextContent(kept.length === 1 ? 'Take over 1 line' : `Take over ${kept.length} lines`);
      if (confirmBlocker(context) === null) expect(confirm).toBeEnabled();
      else expect(confirm).toBeDisabled();
      if (confirmBlocker(context) === 'invalidLines') {
        expect(view.getAllByText('The quantity must be a whole number from 1 to 9999.').length).toBeGreaterThan(0);
      }
      // A cell that looks like a formula is kept as text, with a warning, whatever it is mapped to.
      const partColumn = context.roles.indexOf('partNumber');
      if (partColumn === 1) {
        expect(view.getByRole('textbox', { name: 'Part number, line 3' })).toHaveValue('=HYPERLINK("x")');
        expect(view.getByText('Starts like a formula: taken over as text.')).toBeVisible();
      }
      const drops = context.dropped.map((row) => row + 1);
      for (const position of drops)
        expect(view.getByRole('button', { name: `Restore line ${position}` })).toBeVisible();
      if (context.appliedLayout) expect(view.getByText('Layout »Bosch-Export« applied.')).toBeVisible();
      else expect(view.queryByText(/applied\.$/)).toBeNull();
      if (context.appliedLayout === null && !context.rolesTouched) expect(context.roles).toEqual(guessed);
      expect(view.getByLabelText('Save this mapping as layout')).toHaveValue(context.layoutName);
      if (state.matches({ mapping: 'savingLayout' })) {
        expect(view.getByRole('button', { name: 'Save layout' })).toHaveAttribute('aria-busy', 'true');
        expect(calls.saveLayout?.at(-1)).toEqual({
          name: context.layoutName.trim(),
          kind: 'pdf',
          shape: table.shape,
          roles: context.roles,
        });
      }
      if (context.savedLayoutName) expect(view.getByText(`Layout »${context.savedLayoutName}« saved.`)).toBeVisible();
      if (context.layoutSaveFailure)
        expect(
          view.getByText('You have reached the maximum number of saved layouts. Please delete a layout first.'),
        ).toBeVisible();
    }
    if (state.matches('confirmed')) {
      expect(screen.queryByRole('dialog')).toBeNull();
      const lines = keptLines(context);
      expect(screen.getAllByRole('group', { name: /^Line \d$/ })).toHaveLength(lines.length);
      lines.forEach((line, index) => {
        const group = screen.getByRole('group', { name: `Line ${index + 1}` });
        expect(within(group).getByLabelText('Part number')).toHaveValue(line.line.part_number);
        expect(within(group).getByLabelText('Quantity')).toHaveValue(String(line.line.quantity));
        expect(within(group).getByLabelText('Note')).toHaveValue(line.line.note);
      });
    }
    if (state.matches('cancelled')) {
      expect(screen.queryByRole('dialog')).toBeNull();
      // Nothing from the file reached the form.
      expect(screen.getAllByRole('group', { name: /^Line \d$/ })).toHaveLength(1);
      expect(within(screen.getByRole('group', { name: 'Line 1' })).getByLabelText('Part number')).toHaveValue('');
    }
  }
});
