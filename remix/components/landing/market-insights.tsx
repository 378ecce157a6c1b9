import { Counter } from './counter';
import { Reveal } from './reveal';

/** Spec section 2: the three figures of the stats band, in order. */
export const MARKET_STATS = [
  { target: 987_000, label: 'Boats currently Listed' },
  { target: 30_000, label: 'Makes and Models' },
  { target: 80_000, label: 'Boats listed monthly' },
] as const;

/** The stats band; its figures count up in the browser (remix/islands/counters.ts). */
export function MarketInsights() {
  return (
    <section
      id="market-insights"
      className="market-insights"
      aria-labelledby="market-insights-title"
    >
      <Reveal className="container">
        <h2 id="market-insights-title" className="section-title">
          Global Market Insights
        </h2>
        <ul className="stats list-unstyled">
          {MARKET_STATS.map((stat) => (
            <Counter key={stat.label} target={stat.target} label={stat.label} />
          ))}
        </ul>
      </Reveal>
    </section>
  );
}
