import { ChartDrawing } from '#app/components/admin/ChartDrawing.tsx';
import { countOf, DAYS_FORMS } from '#app/lib/format.ts';

/** The SVG's own units: the bars are stretched to the figure's width and height by CSS. */
const WIDTH = 300;
const HEIGHT = 100;
/** A day label under every fifth bar, counted from today's, so the newest day always has one. */
const LABEL_EVERY = 5;

/** `2026-11-27` → `27.11`. */
const shortDay = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}`;

/**
 * Bids per day as a server-rendered bar chart: no chart library, no JavaScript. The bars are an SVG stretched to the
 * width of the screen; the numbers and days are HTML text beside it, so they keep their size on a phone instead of
 * shrinking with the drawing (at 360 px an SVG's 10-unit text was 4 px tall).
 */
export function BidsChart({ days }: { days: Array<{ day: string; count: number }> }) {
  const max = Math.max(1, ...days.map((d) => d.count));
  const step = WIDTH / Math.max(1, days.length);
  const total = days.reduce((sum, d) => sum + d.count, 0);
  return (
    <figure className="admin-chart">
      <div className="admin-chart__plot">
        <ChartDrawing
          max={max}
          width={WIDTH}
          height={HEIGHT}
          label={`Заявки по дням за ${countOf(days.length, DAYS_FORMS)}: всего ${total}, максимум за день ${max}`}
        >
          {days.map((d, i) => {
            const height = (d.count / max) * HEIGHT;
            return (
              <rect
                key={d.day}
                x={i * step + step * 0.1}
                y={HEIGHT - height}
                width={step * 0.8}
                height={height}
                fill="#2563eb"
              >
                {/* One string: React renders a <title> with several children as an empty one on the server, and the
                    browser's text then fails hydration (React error #418). */}
                <title>{`${d.day.split('-').reverse().join('.')}: ${d.count}`}</title>
              </rect>
            );
          })}
        </ChartDrawing>
        <div className="admin-chart__days" aria-hidden="true">
          {days.map((d, i) =>
            (days.length - 1 - i) % LABEL_EVERY === 0 ? (
              <span key={d.day} className="admin-chart__label" style={{ left: `${((i + 0.5) / days.length) * 100}%` }}>
                {shortDay(d.day)}
              </span>
            ) : null,
          )}
        </div>
      </div>
      <figcaption>Заявки по дням за последние {countOf(days.length, DAYS_FORMS)}</figcaption>
    </figure>
  );
}
