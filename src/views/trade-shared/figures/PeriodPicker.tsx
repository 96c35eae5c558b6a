import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { DASHBOARD_PERIODS, type DashboardPeriod, parseDashboardPeriod } from '../../../../common/contracts/dashboards';
import { Select } from '../../../ui/Select';

const periodText: Record<DashboardPeriod, MessageDescriptor> = {
  '30d': msg`Last 30 days`,
  '90d': msg`Last 90 days`,
  '12m': msg`Last 12 months`,
  ytd: msg`This year`,
};

/** The analytics' period, a native select; the choice goes to the flow, which writes the URL. */
export function PeriodPicker({
  period,
  onChoose,
  from,
  to,
}: {
  period: DashboardPeriod;
  onChoose: (period: DashboardPeriod) => void;
  from: string | null;
  to: string | null;
}) {
  const { i18n } = useLingui();
  return (
    <div>
      <Select
        label={<Trans>Period</Trans>}
        value={period}
        onValueChange={(value) => onChoose(parseDashboardPeriod(value))}
        options={DASHBOARD_PERIODS.map((value) => ({ value, label: i18n._(periodText[value]) }))}
        placeholder={i18n._(msg`Choose a period`)}
        required
      />
      {from && to ? (
        <p>
          <Trans>
            From {from} to {to} (Berlin time)
          </Trans>
        </p>
      ) : null}
    </div>
  );
}
