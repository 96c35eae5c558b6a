import { readFileSync } from 'node:fs';
import path from 'node:path';
import { i18n } from '@lingui/core';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { fromPromise } from 'xstate';
import type { UploadLayout, UploadLayoutSave } from '../../common/contracts/upload-layouts';
import type { OrderFileReadResult } from '../../common/upload/order-file';
import { readOrderFile } from '../../src/upload/read-order-file';
import { NewInquiryView } from '../../src/views/workshop-inquiries/NewInquiryView';
import { newInquiryDraftStore } from '../../src/views/workshop-inquiries/new-inquiry-draft';
import { createNewInquiryImplementations } from '../../src/views/workshop-inquiries/use-new-inquiry';
import { renderInRouter } from '../support/render-in-router';
import { quotedInquiry, supplierList } from '../support/workshop-inquiry-fixtures';

/*
 * Issue 24 §10: what a printed order ran together (a part number inside the description, quantity
 * and price in one cell) is shown in the preview as a problem, in German and English, and blocks
 * the take-over until the person corrects or drops the line; nothing is taken over with a default.
 */
const problemsPdf = readFileSync(path.resolve(import.meta.dirname, '../fixtures/order-pdfs/pdfkit-problems.pdf'));

test('the preview of a PDF with a part number in the description and two values in a cell flags both lines', {
  timeout: 60_000,
}, async () => {
  const user = userEvent.setup();
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
      readOrderFile: fromPromise<OrderFileReadResult, { file: File }>(() =>
        readOrderFile(new Uint8Array(problemsPdf), 'bestellung.pdf'),
      ),
      loadLayouts: fromPromise<UploadLayout[], { shape: string }>(async () => []),
      saveLayout: fromPromise<UploadLayout, UploadLayoutSave>(async () => {
        throw new Error('not saved here');
      }),
    },
  };
  await renderInRouter('/inquiries/new', () => (
    <NewInquiryView implementations={implementations} draft={null} orderUpload={orderUpload} />
  ));
  await user.click(await screen.findByRole('button', { name: 'Take over from a file (CSV or PDF)' }));
  const dialog = within(screen.getByRole('dialog', { name: 'Take over from a file' }));
  const file = new File([new Uint8Array(problemsPdf)], 'bestellung.pdf', { type: 'application/pdf' });
  await user.upload(dialog.getByLabelText('Order file (CSV or PDF, up to 5 MB)'), file);

  const partNumber = await dialog.findByRole('textbox', { name: 'Part number, line 1' }, { timeout: 10_000 });
  expect(partNumber).toHaveValue('');
  expect(partNumber).toHaveAttribute('aria-invalid', 'true');
  expect(
    dialog.getByText(
      'The description starts with a part number, but the part number is empty: enter it as the part number or correct the description.',
    ),
  ).toBeVisible();
  expect(dialog.getByRole('textbox', { name: 'Price, line 2' })).toHaveAttribute('aria-invalid', 'true');
  expect(
    dialog.getByText('This cell holds two values (such as quantity and price): keep the one that belongs here.'),
  ).toBeVisible();
  expect(dialog.getByRole('option', { name: 'Lines with problems (2)' })).toBeInTheDocument();
  expect(dialog.getByRole('button', { name: 'Take over 3 lines' })).toBeDisabled();

  await act(async () => i18n.activate('de'));
  expect(
    dialog.getByText(
      'Die Bezeichnung beginnt mit einer Teilenummer, die Teilenummer ist aber leer: bitte als Teilenummer eintragen oder die Bezeichnung korrigieren.',
    ),
  ).toBeVisible();
  expect(
    dialog.getByText(
      'Diese Zelle enthält zwei Werte (etwa Menge und Preis): bitte nur den hierher gehörenden behalten.',
    ),
  ).toBeVisible();
  await act(async () => i18n.activate('en'));

  // Corrected in the preview, the lines are taken over as the person fixed them.
  await user.type(partNumber, '1K0 615 301 AA');
  const description = dialog.getByRole('textbox', { name: 'Description, line 1' });
  await user.clear(description);
  await user.type(description, 'Bremsscheibe');
  const quantity = dialog.getByRole('textbox', { name: 'Quantity, line 2' });
  await user.type(quantity, '1');
  const price = dialog.getByRole('textbox', { name: 'Price, line 2' });
  await user.clear(price);
  await user.type(price, '9,85 €');
  await user.click(dialog.getByRole('button', { name: 'Take over 3 lines' }));
  const first = screen.getByRole('group', { name: 'Line 1' });
  expect(within(first).getByLabelText('Part number')).toHaveValue('1K0 615 301 AA');
  expect(within(first).getByLabelText('Quantity')).toHaveValue('2');
  expect(within(screen.getByRole('group', { name: 'Line 2' })).getByLabelText('Quantity')).toHaveValue('1');
});
