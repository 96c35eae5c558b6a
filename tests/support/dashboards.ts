import type { DealerDashboard, WorkshopDashboard } from '../../common/contracts/dashboards';

/** A workshop's dashboard figures as the server sends them, with two dealers and every figure set. */
export function aWorkshopDashboard(overrides: Partial<WorkshopDashboard> = {}): WorkshopDashboard {
  return {
    kind: 'workshop',
    from: '2025-12-01',
    to: '2026-11-25',
    today: '2026-11-25',
    open_inquiries: {
      total: 1,
      items: [
        {
          id: 41,
          vehicle_description: 'VW Golf 7 1.6 TDI',
          vin: 'WVWZZZAUZFW123456',
          closes_at: '2026-11-25T16:00:00.000Z',
          line_count: 3,
          recipient_count: 2,
          quoted_count: 1,
        },
      ],
    },
    eta_alerts: {
      total: 1,
      items: [
        {
          order_id: 77,
          dealer_name: 'Teile Nord GmbH',
          vehicle_description: 'BMW 320d',
          late_lines: 1,
          changed_lines: 2,
          next_eta: '2026-11-20',
        },
      ],
    },
    spend: [
      { month: '2026-10', part_dealer_id: 1, dealer_name: 'Teile Nord GmbH', total_cents: 123_456, order_count: 3 },
      { month: '2026-11', part_dealer_id: 2, dealer_name: '=Teile Süd AG', total_cents: 5_000, order_count: 1 },
    ],
    savings: { compared_lines: 4, saved_cents: 1_250 },
    on_time: { delivered_lines: 8, on_time_lines: 6, share: 0.75 },
    response_times: [{ part_dealer_id: 1, dealer_name: 'Teile Nord GmbH', answered: 5, median_minutes: 42 }],
    returns: [{ reason: 'does_not_fit', count: 2 }],
    ...overrides,
  };
}

export function aDealerDashboard(overrides: Partial<DealerDashboard> = {}): DealerDashboard {
  return {
    kind: 'dealer',
    from: '2025-12-01',
    to: '2026-11-25',
    today: '2026-11-25',
    waiting: {
      total: 1,
      items: [
        {
          inquiry_id: 12,
          workshop_name: 'Autohaus Becker',
          vehicle_description: 'Audi A3',
          closes_at: '2026-11-25T17:30:00.000Z',
          line_count: 4,
          seen: false,
        },
      ],
    },
    response: { received: 10, answered: 8, median_minutes: 25 },
    win_rate: { quoted_lines: 20, ordered_lines: 5, share: 0.25 },
    lost_lines: [
      { reason: 'ordered_elsewhere_cheaper', count: 9 },
      { reason: 'no_answer', count: 6 },
    ],
    ...overrides,
  };
}
