import { useRef } from 'react';

import { useInView } from '~/hooks/use-in-view';

import { Counter } from './counter';
import { Reveal } from './reveal';

/** Spec section 2: the three figures of the stats band, in order. */
export const MARKET_STATS = [
  { target: 987_000, label: 'Boats currently Listed' },
  { target: 30_000, label: 'Makes and Models' },
  { target: 80_000, label: 'Boats listed monthly' },
] as const;

/** Share of the band that must be visible before the counters start (spec section 9). */
export const COUNTER_THRESHOLD = 0.3;

export function MarketInsights() {
  const sectionRef = useRef<HTMLElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  // Triggered by the section (30% visible); the figures drop to 0 only while they are unseen.
  const phase = useInView(sectionRef, {
    threshold: COUNTER_THRESHOLD,
    armRef: listRef,
    animateIfVisibleAtStart: true,
  });
  return (
    <section
      ref={sectionRef}
      id="market-insights"
      className="market-insights"
      aria-labelledby="market-insights-title"
    >
      <Reveal className="container">
        <h2 id="market-insights-title" className="section-title">
          Global Market Insights
        </h2>
        <ul ref={listRef} className="stats list-unstyled" data-phase={phase}>
          {MARKET_STATS.map((stat) => (
            <Counter key={stat.label} target={stat.target} label={stat.label} phase={phase} />
          ))}
        </ul>
      </Reveal>
    </section>
  );
}
