import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { cleanup, render, screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { FitmentHint } from '../../src/views/trade-shared/FitmentHint';

const show = (fitment: { kept: number; not_fitting: number } | null) =>
  render(
    <I18nProvider i18n={i18n}>
      <FitmentHint fitment={fitment} />
    </I18nProvider>,
  );

test('learned fitment reads as counts with proper plurals, in English and German', () => {
  show({ kept: 1, not_fitting: 0 });
  expect(screen.getByText('Ordered for this vehicle type before once, not returned')).toBeVisible();
  expect(screen.queryByText(/Returned as not fitting/)).toBeNull();
  show({ kept: 3, not_fitting: 2 });
  expect(screen.getByText('Ordered for this vehicle type before 3 times, not returned')).toBeVisible();
  expect(screen.getByText('Returned as not fitting (2 times)')).toBeVisible();

  cleanup();
  i18n.activate('de');
  show({ kept: 4, not_fitting: 1 });
  expect(screen.getByText('Für diesen Fahrzeugtyp schon 4-mal bestellt, nicht zurückgegeben')).toBeVisible();
  expect(screen.getByText('Als nicht passend zurückgegeben (einmal)')).toBeVisible();
});

test('nothing known shows nothing', () => {
  const { container } = show(null);
  expect(container).toBeEmptyDOMElement();
  const zero = show({ kept: 0, not_fitting: 0 });
  expect(zero.container).toBeEmptyDOMElement();
});
