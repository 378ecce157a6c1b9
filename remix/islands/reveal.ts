import { watchInView } from './in-view';

/**
 * Sections (`.reveal`) that are off screen when the script runs fade and slide in once they scroll
 * into view (opacity and transform only, so nothing shifts). What is on screen stays as rendered.
 */
export function enhanceReveals(root: ParentNode = document): void {
  for (const element of root.querySelectorAll('.reveal'))
    watchInView(element, { threshold: 0.15, minVisiblePx: 120 }, (phase) => {
      element.classList.toggle('is-hidden', phase === 'waiting');
      element.classList.toggle('is-shown', phase === 'entered');
    });
}
