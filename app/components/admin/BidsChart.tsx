import { countOf, DAYS_FORMS } from '#app/lib/format.ts';

const WIDTH = 720;
const HEIGHT = 200;
const PAD = { top: 12, right: 8, bottom: 28, left: 32 };

/** Bids per day as a server-rendered SVG bar chart: no chart library, no JavaScript. */
export function BidsChart({ days }: { days: Array<{ day: string; count: number }> }) {
  const max = Math.max(1, ...days.map((d) => d.count));
  const innerWidth = WIDTH - PAD.left - PAD.right;
  const innerHeight = HEIGHT - PAD.top - PAD.bottom;
  const step = innerWidth / Math.max(1, days.length);
  const total = days.reduce((sum, d) => sum + d.count, 0);
  return (
    <figure className="admin-chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={`Заявки по дням за ${countOf(days.length, DAYS_FORMS)}: всего ${total}, максимум за день ${max}`}
      >
        <line
          x1={PAD.left}
          x2={WIDTH - PAD.right}
          y1={PAD.top + innerHeight}
          y2={PAD.top + innerHeight}
          stroke="#94a3b8"
        />
        <text x={PAD.left - 6} y={PAD.top + 4} textAnchor="end" fontSize="11" fill="#475569">
          {max}
        </text>
        <text x={PAD.left - 6} y={PAD.top + innerHeight} textAnchor="end" fontSize="11" fill="#475569">
          0
        </text>
        {days.map((d, i) => {
          const height = (d.count / max) * innerHeight;
          const x = PAD.left + i * step + 1;
          return (
            <g key={d.day}>
              <rect
                x={x}
                y={PAD.top + innerHeight - height}
                width={Math.max(1, step - 2)}
                height={height}
                fill="#2563eb"
              >
                {/* One string: React renders a <title> with several children as an empty one on the server, and the
                    browser's text then fails hydration (React error #418). */}
                <title>{`${d.day.split('-').reverse().join('.')}: ${d.count}`}</title>
              </rect>
              {i % 5 === 0 || i === days.length - 1 ? (
                <text x={x + step / 2} y={HEIGHT - 10} textAnchor="middle" fontSize="10" fill="#475569">
                  {d.day.slice(8, 10)}.{d.day.slice(5, 7)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <figcaption>Заявки по дням за последние {countOf(days.length, DAYS_FORMS)}</figcaption>
    </figure>
  );
}
