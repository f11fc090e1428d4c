import { ChartDrawing } from '#app/components/admin/ChartDrawing.tsx';
import { STEP_LABELS } from '#app/lib/report.ts';

/** The SVG's own units: stretched to the figure's width and height by CSS, like the dashboard's chart. */
const WIDTH = 400;
const HEIGHT = 120;
const STEPS = ['bids', 'booked', 'came', 'bought'] as const;
/** One colour per step, dark enough against white (WCAG 3:1 for graphics) and told apart by the legend's order. */
export const STEP_COLOURS: Record<(typeof STEPS)[number], string> = {
  bids: '#1d4ed8',
  booked: '#7c3aed',
  came: '#047857',
  bought: '#b45309',
};

export interface FunnelWeek {
  key: string;
  /** `с 2 ноября 2026 г.` */
  label: string;
  bids: number;
  booked: number;
  came: number;
  bought: number;
}

/** `2026-11-02` → `02.11`. */
const shortDay = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}`;

/**
 * The weekly series of the report drawn on the server (docs/decisions/0046-report-chart-drawn-on-the-server.md): for
 * each week four bars — bids, booked, came, bought. No library, no JavaScript; the numbers are in the table the
 * figure points to (`tableId`), and the labels are HTML so they keep their size on a phone.
 */
export function FunnelChart({ weeks, tableId }: { weeks: readonly FunnelWeek[]; tableId: string }) {
  const max = Math.max(1, ...weeks.map((week) => week.bids));
  const group = WIDTH / Math.max(1, weeks.length);
  const bar = (group * 0.8) / STEPS.length;
  const labelEvery = Math.max(1, Math.ceil(weeks.length / 8));
  return (
    <figure className="admin-chart admin-funnel-chart">
      <ul className="admin-funnel-chart__legend">
        {STEPS.map((step) => (
          <li key={step}>
            <span
              className="admin-funnel-chart__swatch"
              style={{ background: STEP_COLOURS[step] }}
              aria-hidden="true"
            />
            {STEP_LABELS[step]}
          </li>
        ))}
      </ul>
      <div className="admin-chart__plot">
        <ChartDrawing
          max={max}
          width={WIDTH}
          height={HEIGHT}
          label={`Заявки, записи, приходы и покупки по неделям: ${weeks.length} нед., числа — в таблице ниже`}
          describedBy={tableId}
        >
          {weeks.map((week, i) =>
            STEPS.map((step, j) => {
              const height = (week[step] / max) * HEIGHT;
              return (
                <rect
                  key={`${week.key}-${step}`}
                  x={i * group + group * 0.1 + j * bar}
                  y={HEIGHT - height}
                  width={bar}
                  height={height}
                  fill={STEP_COLOURS[step]}
                >
                  <title>{`${week.label}: ${STEP_LABELS[step]} — ${week[step]}`}</title>
                </rect>
              );
            }),
          )}
        </ChartDrawing>
        <div className="admin-chart__days" aria-hidden="true">
          {weeks.map((week, i) =>
            i % labelEvery === 0 ? (
              <span
                key={week.key}
                className="admin-chart__label"
                style={{ left: `${((i + 0.5) / weeks.length) * 100}%` }}
              >
                {shortDay(week.key)}
              </span>
            ) : null,
          )}
        </div>
      </div>
      <figcaption>По неделям (понедельник — начало недели)</figcaption>
    </figure>
  );
}
