import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from 'react';

import { type InsightsTable } from '~/utils/insights';

/**
 * The drawing's size in SVG units. The server draws it 720 wide, scaled to its column; in the
 * browser each chart is drawn again as wide as its column (useChartWidth), one unit a pixel, so
 * its 12 px labels stay 12 px on a phone (issue 32: scaled down they were too small to read).
 */
export const CHART = { width: 720, height: 300 } as const;

const ChartWidth = createContext<number>(CHART.width);

/** The width to draw a chart at, in SVG units: its column's in the browser. */
export const useChartWidth = () => useContext(ChartWidth);

/** The width of an element as it is laid out, followed as it changes; `fallback` until known. */
function useLaidOutWidth(fallback: number, drawn: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      const measured = Math.floor(entry?.contentRect.width ?? 0);
      if (measured > 0) setWidth(measured);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [drawn]);
  return { ref, width };
}

/** Axis text, as every chart draws it (colours in styles/admin/_insights.scss). */
export const tickLabel = { className: 'insights-chart__tick', fontSize: 12 } as const;

interface ChartFrameProps {
  id: string;
  title: string;
  /** What the chart shows, in one line under its title. */
  description: string;
  table: InsightsTable;
  csvHref: string;
  /** Said instead of the chart when there is nothing to draw. */
  empty?: string;
  /** A sentence about part of the data (a kind with no reply yet), beside the chart. */
  note?: string;
  legend?: ReactNode;
  /** The SVG, server-rendered. */
  children: ReactNode;
}

/**
 * One chart: its title, the SVG (hidden from screen readers, who get the same figures as a table
 * beside it), a note on partial data, and its CSV. With nothing to draw, a sentence instead.
 */
export function ChartFrame(props: ChartFrameProps) {
  const titleId = `${props.id}-title`;
  const drawing = useLaidOutWidth(CHART.width, !props.empty);
  return (
    <section className="insights-chart" aria-labelledby={titleId}>
      <h3 id={titleId} className="h6 insights-chart__title">
        {props.title}
      </h3>
      <p className="insights-chart__description">{props.description}</p>
      {props.empty ? (
        <p className="insights-chart__empty">{props.empty}</p>
      ) : (
        <>
          {props.legend}
          <div className="insights-chart__drawing" aria-hidden="true" ref={drawing.ref}>
            <ChartWidth.Provider value={drawing.width}>{props.children}</ChartWidth.Provider>
          </div>
          {props.note ? <p className="insights-chart__note">{props.note}</p> : null}
          {/* Hidden in a box: a table is as wide as its cells whatever its own width says, and
              the visually hidden one made the page scroll sideways at 375 px (issue 32). */}
          <div className="visually-hidden">
            <table>
              <caption>{props.title}</caption>
              <thead>
                <tr>
                  {props.table.columns.map((column) => (
                    <th key={column} scope="col">
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {props.table.rows.map((row, i) => (
                  <tr key={i}>
                    {row.map((cell, j) =>
                      j === 0 ? (
                        <th key={j} scope="row">
                          {cell}
                        </th>
                      ) : (
                        <td key={j}>{cell}</td>
                      ),
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      <a className="insights-chart__csv" href={props.csvHref} download>
        Download {props.title.toLowerCase()} as CSV
      </a>
    </section>
  );
}

/** The series' colours (kinds, or measures), as a list beside a chart: the SVG's fills use the same classes. */
export function SeriesLegend({ items }: { items: { key: string; label: string }[] }) {
  return (
    <ul className="insights-legend" aria-hidden="true">
      {items.map((item) => (
        <li key={item.key}>
          <span className={`insights-legend__swatch insights-fill--${item.key}`} />
          {item.label}
        </li>
      ))}
    </ul>
  );
}
