import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { expect, test, vi } from 'vitest';
import { DataTable } from '../../src/ui/DataTable';
import { Pager } from '../../src/ui/Pager';

const renderWithI18n = (node: ReactNode) => render(<I18nProvider i18n={i18n}>{node}</I18nProvider>);

const columns = [
  { header: 'Name', cell: (item: { id: number; name: string }) => item.name },
  { header: 'Id', cell: (item: { id: number; name: string }) => String(item.id) },
];

test('DataTable: a header row, one row per item, the empty row only for a loaded empty list', () => {
  const { rerender } = renderWithI18n(
    <DataTable caption="Dealers" columns={columns} items={[{ id: 7, name: 'Teile Nord' }]} empty="No dealers" />,
  );
  const table = screen.getByRole('table', { name: 'Dealers' });
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent),
  ).toEqual(['Name', 'Id']);
  expect(within(table).getByRole('row', { name: 'Teile Nord 7' })).toBeVisible();
  rerender(
    <I18nProvider i18n={i18n}>
      <DataTable caption="Dealers" columns={columns} items={[]} empty="No dealers" />
    </I18nProvider>,
  );
  expect(within(screen.getByRole('table', { name: 'Dealers' })).getByRole('cell')).toHaveTextContent('No dealers');
  rerender(
    <I18nProvider i18n={i18n}>
      <DataTable caption="Dealers" columns={columns} items={null} empty="No dealers" />
    </I18nProvider>,
  );
  expect(within(screen.getByRole('table', { name: 'Dealers' })).queryByRole('cell')).toBeNull();
});

test('Pager: previous and next within the pages; nothing to page before the total is known', async () => {
  const user = userEvent.setup();
  const onPage = vi.fn();
  const { rerender } = renderWithI18n(<Pager page={2} total={45} pageSize={20} summary="45 dealers" onPage={onPage} />);
  expect(screen.getByText('Page 2 of 3')).toBeVisible();
  expect(screen.getByText('45 dealers')).toBeVisible();
  await user.click(screen.getByRole('button', { name: 'Previous' }));
  await user.click(screen.getByRole('button', { name: 'Next' }));
  expect(onPage.mock.calls).toEqual([[1], [3]]);
  rerender(
    <I18nProvider i18n={i18n}>
      <Pager page={3} total={45} pageSize={20} summary="45 dealers" onPage={onPage} />
    </I18nProvider>,
  );
  expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  rerender(
    <I18nProvider i18n={i18n}>
      <Pager page={1} total={null} pageSize={20} summary="45 dealers" onPage={onPage} />
    </I18nProvider>,
  );
  expect(screen.queryByText('45 dealers')).toBeNull();
  expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
});
