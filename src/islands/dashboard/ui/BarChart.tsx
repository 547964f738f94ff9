import { useId } from 'react';

export interface Bar {
  /** The bar's full label, as the data table and screen readers give it ("Nov 26, 2026"). */
  label: string;
  /** Its label under the axis ("26 Nov"); only some are drawn when the bars are many. */
  tick: string;
  value: number;
}

interface Props {
  title: string;
  xLabel: string;
  yLabel: string;
  bars: readonly Bar[];
  /** Said instead of a chart when there is no bar. */
  empty: string;
}

// A small drawing scaled to its box: at a card's width (about 300 to 560 px) its text stays readable.
const WIDTH = 440;
const HEIGHT = 240;
const PLOT = { left: 48, right: 8, top: 14, bottom: 58 };
/** At most this many tick labels under the axis, so they never overlap. */
const MAX_TICKS = 5;
/** A bar is never wider than this, however few they are. */
const MAX_BAR = 56;

/** Whole-number steps for the value axis: 0 and up to four more, the last at or above the largest value. */
export function valueTicks(max: number): number[] {
  if (max <= 0) return [0, 1];
  const step = Math.max(1, Math.ceil(max / 4));
  const ticks = [];
  for (let v = 0; v < max + step; v += step) ticks.push(v);
  return ticks;
}

/**
 * A small bar chart drawn as SVG (no chart library): a titled figure whose picture has a text name
 * (title, total and the busiest bar) and whose data is a table in a <details> under it, for screen
 * readers and anyone who wants the numbers. Colours follow the theme; the bars are dark enough on
 * either background (WCAG non-text contrast).
 */
export default function BarChart({ title, xLabel, yLabel, bars, empty }: Props) {
  const id = useId();
  const total = bars.reduce((sum, b) => sum + b.value, 0);
  const busiest = bars.reduce<Bar | undefined>((top, b) => (!top || b.value > top.value ? b : top), undefined);
  const ticks = valueTicks(busiest?.value ?? 0);
  const top = ticks[ticks.length - 1] ?? 1;
  const plotWidth = WIDTH - PLOT.left - PLOT.right;
  const plotHeight = HEIGHT - PLOT.top - PLOT.bottom;
  const slot = bars.length > 0 ? plotWidth / bars.length : plotWidth;
  const barWidth = Math.min(MAX_BAR, Math.max(2, slot * 0.7));
  const every = Math.max(1, Math.ceil(bars.length / MAX_TICKS));
  const y = (v: number) => PLOT.top + plotHeight - (v / top) * plotHeight;
  const summary =
    busiest && total > 0
      ? `${title}: ${total} in all over ${bars.length} ${bars.length === 1 ? 'bar' : 'bars'}; the most, ${busiest.value}, at ${busiest.label}.`
      : `${title}: none.`;

  return (
    <figure
      aria-labelledby={`${id}-title`}
      className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900"
    >
      <figcaption id={`${id}-title`} className="font-semibold text-slate-900 dark:text-white">
        {title}
      </figcaption>
      {bars.length === 0 ? (
        <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">{empty}</p>
      ) : (
        <>
          <svg
            viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
            role="img"
            aria-label={summary}
            className="mt-3 h-auto w-full text-slate-700 dark:text-slate-300"
            data-chart={title}
          >
            {ticks.map((v) => (
              <g key={v}>
                <line
                  x1={PLOT.left}
                  x2={WIDTH - PLOT.right}
                  y1={y(v)}
                  y2={y(v)}
                  className="stroke-slate-200 dark:stroke-slate-700"
                />
                <text x={PLOT.left - 10} y={y(v)} dy="0.35em" textAnchor="end" fontSize="15" fill="currentColor">
                  {v}
                </text>
              </g>
            ))}
            {bars.map((b, i) => {
              const x = PLOT.left + i * slot + (slot - barWidth) / 2;
              return (
                <g key={`${b.label}-${i}`}>
                  {b.value > 0 && (
                    <rect
                      data-bar={b.value}
                      x={x}
                      y={y(b.value)}
                      width={barWidth}
                      height={y(0) - y(b.value)}
                      rx="2"
                      className="fill-brand-700 dark:fill-brand-400"
                    >
                      <title>{`${b.label}: ${b.value}`}</title>
                    </rect>
                  )}
                  {i % every === 0 && (
                    <text x={x + barWidth / 2} y={y(0) + 20} textAnchor="middle" fontSize="14" fill="currentColor">
                      {b.tick}
                    </text>
                  )}
                </g>
              );
            })}
            <line x1={PLOT.left} x2={WIDTH - PLOT.right} y1={y(0)} y2={y(0)} stroke="currentColor" />
            <text x={PLOT.left + plotWidth / 2} y={HEIGHT - 12} textAnchor="middle" fontSize="15" fill="currentColor">
              {xLabel}
            </text>
            <text
              transform={`translate(16 ${PLOT.top + plotHeight / 2}) rotate(-90)`}
              textAnchor="middle"
              fontSize="15"
              fill="currentColor"
            >
              {yLabel}
            </text>
          </svg>
          <details className="mt-2 text-sm text-slate-800 dark:text-slate-200">
            <summary className="cursor-pointer font-medium text-brand-700 dark:text-brand-300">
              Show the data<span className="sr-only">: {title}</span>
            </summary>
            <table className="mt-2 w-full max-w-sm text-left">
              <caption className="sr-only">{title}</caption>
              <thead>
                <tr className="border-b border-slate-200 dark:border-slate-700">
                  <th scope="col" className="py-1 pr-4 font-semibold">
                    {xLabel}
                  </th>
                  <th scope="col" className="py-1 text-right font-semibold">
                    {yLabel}
                  </th>
                </tr>
              </thead>
              <tbody>
                {bars.map((b, i) => (
                  <tr key={`${b.label}-${i}`} className="border-b border-slate-100 dark:border-slate-800">
                    <th scope="row" className="py-1 pr-4 font-normal">
                      {b.label}
                    </th>
                    <td className="py-1 text-right tabular-nums">{b.value}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </>
      )}
    </figure>
  );
}
