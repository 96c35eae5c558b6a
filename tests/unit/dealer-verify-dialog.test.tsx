import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import type { DealerLead } from '../../common/contracts/dealer';
import type { PartDealerApi } from '../../src/api/part-dealer-api';
import { createAdminDealersImplementations } from '../../src/views/admin-leads/admin-leads-implementations';
import { DealerLeadsView } from '../../src/views/admin-leads/DealerLeadsView';
import { renderInRouter } from '../support/render-in-router';

const lead: DealerLead = {
  id: 12,
  company_name: 'Teile Händler GmbH',
  first_name: 'Dieter',
  last_name: 'Händler',
  email: 'dieter@teile-haendler.de',
  contact_number: '+49 89 123456',
  city: 'München',
  country: 'Deutschland',
  brands_served: ['BMW'],
  status: 'UNVERIFIED',
  review_note: null,
  created_at: '2026-11-22T10:00:00.000Z',
};

function fakeApi(referenceDealers: { id: number; name: string }[]) {
  return {
    listDealerLeads: vi.fn(async () => ({ items: [lead], total: 1, page: 1, page_size: 20 })),
    listReferenceDealers: vi.fn(async () => referenceDealers),
    decideDealerLead: vi.fn(async () => ({ message: undefined })),
  };
}

async function openVerifyDialog(api: ReturnType<typeof fakeApi>) {
  const implementations = createAdminDealersImplementations({ partDealerApi: api as unknown as PartDealerApi });
  await renderInRouter('/users/dealers', () => <DealerLeadsView implementations={implementations} />);
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Verify' }));
  return { user, dialog: screen.getByRole('dialog') };
}

test('the verify dialog offers the listed dealers without an organisation and sends the one picked', async () => {
  const api = fakeApi([
    { id: 3, name: 'WM SE' },
    { id: 7, name: 'Stahlgruber' },
  ]);
  const { user, dialog } = await openVerifyDialog(api);
  const select = within(dialog).getByLabelText('This is a dealer from the list (optional)');
  expect(select).toHaveValue('');
  expect(
    within(select)
      .getAllByRole('option')
      .map((option) => option.textContent),
  ).toEqual(['A new dealer', 'WM SE', 'Stahlgruber']);
  await user.selectOptions(select, 'WM SE');
  await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
  await vi.waitFor(() => expect(api.decideDealerLead).toHaveBeenCalledWith(12, 'verify', '', 3));
});

test('without a pick it is a new dealer; without listed dealers there is no select, and rejecting asks none', async () => {
  const api = fakeApi([{ id: 3, name: 'WM SE' }]);
  const { user, dialog } = await openVerifyDialog(api);
  await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
  await vi.waitFor(() => expect(api.decideDealerLead).toHaveBeenCalledWith(12, 'verify', '', null));
  await user.click(await screen.findByRole('button', { name: 'Reject' }));
  expect(within(screen.getByRole('dialog')).queryByRole('combobox')).toBeNull();
});

test('no listed dealer left: the verify dialog shows no select', async () => {
  const { dialog } = await openVerifyDialog(fakeApi([]));
  expect(within(dialog).queryByRole('combobox')).toBeNull();
});
