import { formatCount } from '~/islands/counters';

export interface CounterProps {
  target: number;
  label: string;
}

/**
 * One market figure, rendered at its final value (no-JS visitors and crawlers read 987,000); the
 * page's script counts it up (remix/islands/counters.ts). The number that moves is hidden from
 * assistive technology; the final figure sits next to it as visually hidden text, so the
 * accessible text is always the real one.
 */
export function Counter({ target, label }: CounterProps) {
  const final = formatCount(target);
  return (
    <li className="stat" data-target={target}>
      <span className="stat-figure">
        {/* The box takes the final figure's width (the hidden sizer); the moving number is laid
            over it from the left edge, so its text never moves as digits are added (no layout
            shift) and the final figure sits exactly where the server put it. */}
        <span className="stat-value" aria-hidden="true">
          <span className="stat-value-sizer">{final}</span>
          <span className="stat-value-live">{final}</span>
        </span>
        <span className="visually-hidden">{final}</span>
      </span>
      <span className="stat-label">{label}</span>
    </li>
  );
}
