import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { RoutePending } from '../../src/views/app-shell/RoutePending';

test('the pending screen is a named progressbar, before and after its watchdog loads', async () => {
  render(
    <I18nProvider i18n={i18n}>
      <RoutePending />
    </I18nProvider>,
  );
  expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
  expect(await screen.findByRole('progressbar', { name: 'Loading' })).toHaveAttribute('aria-busy', 'true');
});
