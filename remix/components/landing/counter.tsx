import { useCountUp } from '~/hooks/use-count-up';
import { type InViewPhase } from '~/hooks/use-in-view';

/** How long each counter counts (spec section 9). */
export const COUNT_DURATION_MS = 2000;

export const formatCount = (value: number) => value.toLocaleString('en-US');

export interface CounterProps {
  target: number;
  label: string;
  /** Where the stats band stands: static shows the final figure, waiting 0, entered counts up. */
  phase: InViewPhase;
}

/**
 * One animated figure. The number that moves is hidden from assistive technology; the final
 * figure sits next to it as visually hidden text, so the accessible text is always the real one.
 * The server renders the final figure (no-JS visitors and crawlers read 987,000).
 */
export function Counter({ target, label, phase }: CounterProps) {
  const value = useCountUp(target, phase === 'entered', {
    durationMs: COUNT_DURATION_MS,
    idleValue: phase === 'waiting' ? 0 : target,
  });
  const final = formatCount(target);
  return (
    <li className="stat" data-target={target}>
      <span className="stat-figure">
        {/* The box takes the final figure's width (the hidden sizer); the moving number is laid
            over it from the left edge, so its text never moves as digits are added (no layout
            shift) and the final figure sits exactly where the server put it. */}
        <span className="stat-value" aria-hidden="true">
          <span className="stat-value-sizer">{final}</span>
          <span className="stat-value-live">{formatCount(value)}</span>
        </span>
        <span className="visually-hidden">{final}</span>
      </span>
      <span className="stat-label">{label}</span>
    </li>
  );
}
