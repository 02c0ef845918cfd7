/**
 * A bar chart drawn on the server as accessible SVG: a <figure> with its
 * caption, the bars as an image named by the caption, and the same numbers
 * as a visually hidden table. No chart library, no JavaScript.
 */
import { card } from "~/components/card";
export function BarChart({
  id,
  caption,
  bars,
  valueLabel,
}: {
  id: string;
  caption: string;
  bars: { label: string; value: number; group?: string }[];
  valueLabel: string;
}) {
  const width = 640;
  const height = 220;
  const top = 16;
  const bottom = 44;
  const left = 28;
  const maxValue = Math.max(1, ...bars.map((b) => b.value));
  const slot = (width - left) / Math.max(1, bars.length);
  const barWidth = Math.max(6, slot * 0.6);
  const scale = (height - top - bottom) / maxValue;
  const colours = ["#1565c0", "#0f766e"];
  const groups = [...new Set(bars.map((b) => b.group).filter(Boolean))];
  return (
    <figure className={`${card} p-5`} aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`} className="text-lg font-semibold">
        {caption}
      </figcaption>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-labelledby={`${id}-caption`}
        className="mt-3 h-auto w-full"
        data-testid={`${id}-chart`}
      >
        <line x1={left} x2={width} y1={height - bottom} y2={height - bottom} stroke="#cbd5e1" />
        <text x={left - 6} y={top + 4} textAnchor="end" fontSize="11" fill="#475569">
          {maxValue}
        </text>
        <text x={left - 6} y={height - bottom} textAnchor="end" fontSize="11" fill="#475569">
          0
        </text>
        {bars.map((b, i) => {
          const x = left + i * slot + (slot - barWidth) / 2;
          const h = b.value * scale;
          const colour = colours[Math.max(0, groups.indexOf(b.group)) % colours.length];
          return (
            <g key={`${b.group ?? ""}-${b.label}`}>
              <rect x={x} y={height - bottom - h} width={barWidth} height={h} rx="2" fill={colour} />
              {b.value > 0 ? (
                <text x={x + barWidth / 2} y={height - bottom - h - 4} textAnchor="middle" fontSize="11" fill="#0f172a">
                  {b.value}
                </text>
              ) : null}
              <text x={x + barWidth / 2} y={height - bottom + 14} textAnchor="middle" fontSize="10" fill="#475569">
                {b.label}
              </text>
              {b.group && (i === 0 || bars[i - 1]!.group !== b.group) ? (
                <text x={x} y={height - bottom + 30} fontSize="11" fontWeight="600" fill={colour}>
                  {b.group}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      {/* The text alternative, for screen readers only. A table cannot be narrower than its cells, so it sits
          in a hidden box of its own: marked sr-only itself it widened the page (a sideways swipe on a phone). */}
      <div className="sr-only">
        <table>
          <caption>{caption}</caption>
          <thead>
            <tr>
              {groups.length ? <th scope="col">Group</th> : null}
              <th scope="col">Label</th>
              <th scope="col">{valueLabel}</th>
            </tr>
          </thead>
          <tbody>
            {bars.map((b) => (
              <tr key={`${b.group ?? ""}-${b.label}`}>
                {groups.length ? <td>{b.group}</td> : null}
                <th scope="row">{b.label}</th>
                <td>{b.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
