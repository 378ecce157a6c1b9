import { watchInView } from './in-view';

/** How long each counter counts (spec section 9). */
export const COUNT_DURATION_MS = 2000;
/** Share of the stats section that must be visible before the counters start (spec section 9). */
export const COUNTER_THRESHOLD = 0.3;

export const formatCount = (value: number) => value.toLocaleString('en-US');

const easeOutCubic = (t: number) => 1 - (1 - t) ** 3;

/** Counts one figure from 0 to `target` over COUNT_DURATION_MS, one animation frame at a time. */
function countUp(live: Element, target: number): void {
  let start: number | undefined;
  const step = (now: number) => {
    start ??= now;
    const t = Math.min(1, (now - start) / COUNT_DURATION_MS);
    live.textContent = formatCount(t >= 1 ? target : Math.round(target * easeOutCubic(t)));
    if (t < 1) requestAnimationFrame(step);
  };
  live.textContent = '0';
  requestAnimationFrame(step);
}

/**
 * The market figures (server-rendered at their final values, `li.stat[data-target]`) count up from
 * 0 once 30% of their section is in view; they drop to 0 beforehand only while unseen.
 */
export function enhanceCounters(root: ParentNode = document): void {
  const section = root.querySelector('.market-insights');
  const list = section?.querySelector('.stats');
  if (!section || !list) return;
  const counters = Array.from(list.querySelectorAll<HTMLElement>('.stat')).flatMap((stat) => {
    const live = stat.querySelector('.stat-value-live');
    const target = Number(stat.dataset.target);
    return live && Number.isFinite(target) ? [{ live, target }] : [];
  });
  watchInView(
    section,
    { threshold: COUNTER_THRESHOLD, arm: list, animateIfVisibleAtStart: true },
    (phase) => {
      for (const { live, target } of counters) {
        if (phase === 'waiting') live.textContent = '0';
        else countUp(live, target);
      }
    },
  );
}
