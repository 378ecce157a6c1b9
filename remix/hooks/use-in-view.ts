import { type RefObject, useEffect, useState } from 'react';

import { prefersReducedMotion } from './use-prefers-reduced-motion';

/**
 * Where an element stands for an animate-once effect:
 * - `static`: as the server rendered it (no JavaScript yet, reduced motion, no IntersectionObserver,
 *   or already on screen when the page came alive and not meant to replay): the final state;
 * - `waiting`: it was off screen when the page came alive, so it may take its start state unseen;
 * - `entered`: it has come into view (the trigger fired, once): play the effect.
 */
export type InViewPhase = 'static' | 'waiting' | 'entered';

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
  armRef?: RefObject<Element | null>;
  /**
   * When the arm target is on screen at start-up: true still plays the effect once the trigger is
   * reached (the counters then restart from 0); false leaves it static.
   */
  animateIfVisibleAtStart?: boolean;
}

const thresholdsFor = (threshold: number) =>
  Array.from(new Set([0, threshold / 4, threshold / 2, threshold])).sort((a, b) => a - b);

function isOffScreen(element: Element): boolean {
  const rect = element.getBoundingClientRect();
  return rect.bottom <= 0 || rect.top >= window.innerHeight;
}

export function useInView(
  ref: RefObject<Element | null>,
  { threshold, minVisiblePx = Infinity, armRef, animateIfVisibleAtStart = false }: InViewOptions,
): InViewPhase {
  const [phase, setPhase] = useState<InViewPhase>('static');

  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined' || prefersReducedMotion()) return;
    if (isOffScreen(armRef?.current ?? element)) setPhase('waiting');
    // Already on screen: hiding it now would be a visible flash. Leave it as rendered.
    else if (!animateIfVisibleAtStart) return;

    const observer = new IntersectionObserver(
      (entries) => {
        const entry = entries[entries.length - 1];
        if (
          entry?.isIntersecting &&
          (entry.intersectionRatio >= threshold || entry.intersectionRect.height >= minVisiblePx)
        ) {
          setPhase('entered');
          observer.disconnect();
        }
      },
      { threshold: thresholdsFor(threshold) },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, armRef, threshold, minVisiblePx, animateIfVisibleAtStart]);

  return phase;
}
