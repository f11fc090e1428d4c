import type { ReactNode } from 'react';

/**
 * A staff chart's drawing inside its `admin-chart__plot`: the value axis (its maximum at the top, 0 at the bottom, as
 * HTML text) and the SVG in its own units, stretched to the figure by CSS, with the bars (`children`) on a baseline.
 */
export function ChartDrawing(props: {
  max: number;
  width: number;
  height: number;
  label: string;
  describedBy?: string;
  children: ReactNode;
}) {
  return (
    <>
      <div className="admin-chart__scale" aria-hidden="true">
        <span className="admin-chart__label">{props.max}</span>
        <span className="admin-chart__label">0</span>
      </div>
      <svg
        viewBox={`0 0 ${props.width} ${props.height}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={props.label}
        aria-describedby={props.describedBy}
      >
        <line
          x1={0}
          x2={props.width}
          y1={props.height}
          y2={props.height}
          stroke="#94a3b8"
          vectorEffect="non-scaling-stroke"
        />
        {props.children}
      </svg>
    </>
  );
}
