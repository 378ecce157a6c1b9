import { type ReactNode } from 'react';

import { type InsightsTable } from '~/utils/insights';

/** The drawing's size in SVG units; CSS scales it to the column (viewBox keeps the proportions). */
export const CHART = { width: 720, height: 300 } as const;

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
          <div className="insights-chart__drawing" aria-hidden="true">
            {props.children}
          </div>
          {props.note ? <p className="insights-chart__note">{props.note}</p> : null}
          <table className="visually-hidden">
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
