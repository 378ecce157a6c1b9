import { act, render, screen } from '@testing-library/react';

import { enhanceReveals } from '~/islands/reveal';

import { Reveal } from './reveal';

let callback: IntersectionObserverCallback | undefined;
const disconnect = jest.fn();

function placeAt(top: number) {
  jest
    .spyOn(Element.prototype, 'getBoundingClientRect')
    .mockReturnValue({ top, bottom: top + 400, height: 400 } as DOMRect);
}

function mockReducedMotion(reduce: boolean) {
  window.matchMedia = jest.fn((query: string) => ({
    matches: reduce && query.includes('reduce'),
    addEventListener: jest.fn(),
    removeEventListener: jest.fn(),
  })) as unknown as typeof window.matchMedia;
}

beforeEach(() => {
  callback = undefined;
  disconnect.mockClear();
  window.IntersectionObserver = jest.fn((cb: IntersectionObserverCallback) => {
    callback = cb;
    return { observe: jest.fn(), disconnect, unobserve: jest.fn(), takeRecords: () => [] };
  }) as unknown as typeof IntersectionObserver;
  mockReducedMotion(false);
});

afterEach(() => jest.restoreAllMocks());

const box = () => screen.getByText('content').parentElement!;
const report = (ratio: number) =>
  act(() =>
    callback!(
      [
        {
          isIntersecting: ratio > 0,
          intersectionRatio: ratio,
          intersectionRect: { height: ratio * 400 },
        } as IntersectionObserverEntry,
      ],
      {} as IntersectionObserver,
    ),
  );

describe('Reveal', () => {
  it('hides content that is off screen when the script runs and shows it once in view', () => {
    placeAt(2000);
    render(
      <Reveal className="container">
        <p>content</p>
      </Reveal>,
    );
    enhanceReveals(document);
    expect(box()).toHaveClass('reveal', 'is-hidden', 'container');
    report(0.05);
    expect(box()).toHaveClass('is-hidden');
    report(0.2);
    expect(box()).toHaveClass('is-shown');
    expect(box()).not.toHaveClass('is-hidden');
    expect(disconnect).toHaveBeenCalled();
  });

  it('leaves content that is on screen alone', () => {
    placeAt(100);
    render(
      <Reveal>
        <p>content</p>
      </Reveal>,
    );
    enhanceReveals(document);
    expect(box()).toHaveClass('reveal');
    expect(box()).not.toHaveClass('is-hidden');
    expect(callback).toBeUndefined();
  });

  it('never hides anything for reduced motion', () => {
    placeAt(2000);
    mockReducedMotion(true);
    render(
      <Reveal>
        <p>content</p>
      </Reveal>,
    );
    enhanceReveals(document);
    expect(box()).not.toHaveClass('is-hidden');
    expect(window.IntersectionObserver).not.toHaveBeenCalled();
  });
});
