import { TextEncoder } from 'node:util';

import { act, render, screen, within } from '@testing-library/react';

import { COUNT_DURATION_MS, enhanceCounters } from '~/islands/counters';

import { MarketInsights, MARKET_STATS } from './market-insights';

// --- browser APIs jsdom lacks, driven by hand ---------------------------------------------------
class FakeObserver {
  static instances: FakeObserver[] = [];
  disconnected = false;
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit = {},
  ) {
    FakeObserver.instances.push(this);
  }
  observe() {}
  unobserve() {}
  takeRecords() {
    return [];
  }
  disconnect() {
    this.disconnected = true;
  }
  /** Reports the observed element as `ratio` visible (0 = off screen). */
  report(ratio: number) {
    if (this.disconnected) return;
    const entry = {
      isIntersecting: ratio > 0,
      intersectionRatio: ratio,
      intersectionRect: { height: ratio * 300 },
    } as IntersectionObserverEntry;
    act(() => this.callback([entry], this as unknown as IntersectionObserver));
  }
}

let frames = new Map<number, FrameRequestCallback>();
let frameId = 0;
let clock = 0;
/** Runs the pending animation frames `ms` after the previous ones. */
function advance(ms: number) {
  clock += ms;
  const pending = [...frames.values()];
  frames = new Map();
  act(() => pending.forEach((callback) => callback(clock)));
}

function mockReducedMotion(reduce: boolean) {
  window.matchMedia = jest.fn((query: string) => ({
    matches: reduce && query.includes('prefers-reduced-motion: reduce'),
    media: query,
    onchange: null,
    addEventListener: jest.fn(),
    removeEventListener: jest.fn(),
    addListener: jest.fn(),
    removeListener: jest.fn(),
    dispatchEvent: jest.fn(),
  })) as unknown as typeof window.matchMedia;
}

/** Where elements are laid out relative to the 768 px tall jsdom window. */
function placeAt(top: number) {
  jest
    .spyOn(Element.prototype, 'getBoundingClientRect')
    .mockReturnValue({ top, bottom: top + 300, height: 300 } as DOMRect);
}

beforeEach(() => {
  FakeObserver.instances = [];
  placeAt(2000); // below the fold
  frames = new Map();
  clock = 1000;
  window.IntersectionObserver = FakeObserver as unknown as typeof IntersectionObserver;
  jest.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
    frames.set(++frameId, callback);
    return frameId;
  });
  jest.spyOn(window, 'cancelAnimationFrame').mockImplementation((id) => frames.delete(id));
  mockReducedMotion(false);
});

afterEach(() => jest.restoreAllMocks());

/** The number a sighted visitor sees for the stat with this label. */
const shown = (label: string) =>
  screen.getByText(label).closest('li')!.querySelector('.stat-value-live')!.textContent;
/** What assistive technology reads for the stat with this label (the moving number is hidden). */
const spoken = (label: string) =>
  within(screen.getByText(label).closest('li')!).getByText(/\d/, { selector: '.visually-hidden' })
    .textContent;

const counterObserver = () =>
  FakeObserver.instances.find((o) => [o.options.threshold].flat().includes(0.3))!;

/** The server's markup, then the page's script on it. */
function show() {
  render(<MarketInsights />);
  enhanceCounters(document);
}

describe('market insights counters', () => {
  it('renders the final figures on the server, with thousands separators', async () => {
    // React's server renderer (browser build under jsdom) needs TextEncoder, which jsdom lacks.
    Object.assign(globalThis, { TextEncoder });
    const { renderToString } = await import('react-dom/server');
    const html = renderToString(<MarketInsights />);
    expect(html).toContain('Global Market Insights');
    for (const figure of ['987,000', '30,000', '80,000']) expect(html).toContain(figure);
    expect(html).toContain('Boats currently Listed');
    expect(html).toContain('Makes and Models');
    expect(html).toContain('Boats listed monthly');
  });

  it('keeps the final figure as the accessible text and hides the moving number', () => {
    show();
    for (const { target, label } of MARKET_STATS) {
      expect(spoken(label)).toBe(target.toLocaleString('en-US'));
      const live = screen.getByText(label).closest('li')!.querySelector('.stat-value')!;
      expect(live).toHaveAttribute('aria-hidden', 'true');
    }
  });

  it('starts at 0 off screen and counts up over 2000 ms once 30% is visible', () => {
    show();
    const observer = counterObserver();
    expect([observer.options.threshold].flat()).toContain(0.3);

    // Off screen at start-up: the figures take their start value, unseen.
    expect(shown('Boats currently Listed')).toBe('0');
    expect(spoken('Boats currently Listed')).toBe('987,000');
    observer.report(0);
    expect(shown('Boats currently Listed')).toBe('0');

    observer.report(0.2); // not yet
    advance(500);
    expect(shown('Boats currently Listed')).toBe('0');

    observer.report(0.3);
    expect(observer.disconnected).toBe(true);
    advance(0); // first frame: t = 0
    expect(shown('Boats currently Listed')).toBe('0');

    advance(COUNT_DURATION_MS / 2);
    const halfway = shown('Boats currently Listed')!;
    expect(halfway).toMatch(/^\d{1,3}(,\d{3})+$/);
    const value = Number(halfway.replace(/,/g, ''));
    expect(value).toBeGreaterThan(0);
    expect(value).toBeLessThan(987_000);
    expect(spoken('Boats currently Listed')).toBe('987,000');

    advance(900); // 1900 ms: easing out, nearly there
    expect(shown('Boats currently Listed')).not.toBe('987,000');
    advance(99); // 1999 ms: still running
    expect(frames.size).toBe(MARKET_STATS.length); // one loop per counter
    advance(1); // 2000 ms: done
    expect(shown('Boats currently Listed')).toBe('987,000');
    expect(shown('Makes and Models')).toBe('30,000');
    expect(shown('Boats listed monthly')).toBe('80,000');
    expect(frames.size).toBe(0);
  });

  it('keeps the final figures when already on screen, and counts from 0 once 30% is visible', () => {
    placeAt(600); // partly visible at start-up
    show();
    expect(shown('Boats currently Listed')).toBe('987,000');
    const observer = counterObserver();
    observer.report(0.1);
    expect(shown('Boats currently Listed')).toBe('987,000');
    observer.report(0.35);
    advance(0);
    expect(shown('Boats currently Listed')).toBe('0');
    advance(COUNT_DURATION_MS);
    expect(shown('Boats currently Listed')).toBe('987,000');
  });

  it('counts only once', () => {
    show();
    const observer = counterObserver();
    observer.report(0);
    observer.report(0.5);
    advance(0);
    advance(COUNT_DURATION_MS);
    expect(shown('Makes and Models')).toBe('30,000');

    // Scrolling away and back: the observer is gone and nothing restarts.
    observer.report(0);
    observer.report(1);
    expect(frames.size).toBe(0);
    expect(shown('Makes and Models')).toBe('30,000');
  });

  it('shows the final figures at once, without animating, for reduced motion', () => {
    mockReducedMotion(true);
    show();
    expect(FakeObserver.instances).toHaveLength(0);
    expect(window.requestAnimationFrame).not.toHaveBeenCalled();
    expect(shown('Boats currently Listed')).toBe('987,000');
    expect(shown('Makes and Models')).toBe('30,000');
    expect(shown('Boats listed monthly')).toBe('80,000');
  });

  it('leaves the server figures in place without IntersectionObserver', () => {
    // @ts-expect-error simulating an old browser
    delete window.IntersectionObserver;
    show();
    expect(shown('Boats listed monthly')).toBe('80,000');
  });
});
