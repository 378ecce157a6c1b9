/**
 * Animate-once effects as the landing page's script runs them on server-rendered HTML:
 * - nothing happens (the server's final state stays) without IntersectionObserver, for reduced
 *   motion, or when the element is already on screen and not meant to replay;
 * - `waiting`: it is off screen, so it may take its start state unseen;
 * - `entered`: it has come into view (the trigger fired, once): play the effect.
 */
export type InViewPhase = 'waiting' | 'entered';

export interface InViewOptions {
  /** Share of the element that must be visible to trigger (0..1). */
  threshold: number;
  /**
   * Also trigger once this many pixels of the element are visible, for elements taller than the
   * viewport whose visible share never reaches the threshold.
   */
  minVisiblePx?: number;
  /**
   * The part whose visibility decides whether the start state may be shown (default: the element
   * itself). The counters watch their section but must only drop to 0 while the figures are unseen.
   */
  arm?: Element;
  /**
   * When the arm is on screen at start: true still plays the effect once the trigger is reached
   * (the counters then restart from 0); false leaves it as rendered.
   */
  animateIfVisibleAtStart?: boolean;
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** Whether the visitor asked for reduced motion (false where the browser cannot say). */
export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(REDUCED_MOTION).matches;
}

const thresholdsFor = (threshold: number) =>
  Array.from(new Set([0, threshold / 4, threshold / 2, threshold])).sort((a, b) => a - b);

function isOffScreen(element: Element): boolean {
  const rect = element.getBoundingClientRect();
  return rect.bottom <= 0 || rect.top >= window.innerHeight;
}

/** Calls `onPhase` with `waiting` at once (if it applies) and with `entered` once, when in view. */
export function watchInView(
  element: Element,
  { threshold, minVisiblePx = Infinity, arm, animateIfVisibleAtStart = false }: InViewOptions,
  onPhase: (phase: InViewPhase) => void,
): void {
  if (typeof IntersectionObserver === 'undefined' || prefersReducedMotion()) return;
  if (isOffScreen(arm ?? element)) onPhase('waiting');
  // Already on screen: hiding it now would be a visible flash. Leave it as rendered.
  else if (!animateIfVisibleAtStart) return;

  const observer = new IntersectionObserver(
    (entries) => {
      const entry = entries[entries.length - 1];
      if (
        entry?.isIntersecting &&
        (entry.intersectionRatio >= threshold || entry.intersectionRect.height >= minVisiblePx)
      ) {
        observer.disconnect();
        onPhase('entered');
      }
    },
    { threshold: thresholdsFor(threshold) },
  );
  observer.observe(element);
}
