import { anyoneHasRoom, choose } from './assignment-choice';

const admins = ['a', 'b', 'c'];
const nobodyAway = { admins, away: new Set<string>() };

describe('choose', () => {
  it('gives each admin every third lead in round-robin, whatever the turn count', () => {
    let turn = 0;
    const got: string[] = [];
    for (let i = 0; i < 7; i++) {
      const choice = choose('round-robin', { cap: null }, nobodyAway, turn, {});
      if (!('admin' in choice)) throw new Error('nobody chosen');
      got.push(choice.admin);
      turn = choice.turn;
    }
    expect(got).toEqual(['a', 'b', 'c', 'a', 'b', 'c', 'a']);
  });

  it('skips the away and those at their cap, and moves the turn past the one chosen', () => {
    const choice = choose('round-robin', { cap: 2 }, { admins, away: new Set(['a']) }, 3, {
      b: 2,
    });
    expect(choice).toEqual({ admin: 'c', turn: 6 });
  });

  it('chooses the fewest open leads in least-open, ties in rotation order', () => {
    expect(choose('least-open', { cap: null }, nobodyAway, 0, { a: 3, b: 1, c: 1 })).toEqual({
      admin: 'b',
      turn: 2,
    });
    expect(choose('least-open', { cap: null }, nobodyAway, 2, { a: 3, b: 1, c: 1 })).toEqual({
      admin: 'c',
      turn: 3,
    });
  });

  it('says why when nobody is available', () => {
    const full = { a: 1, b: 1, c: 1 };
    expect(choose('round-robin', { cap: 1 }, nobodyAway, 0, full)).toEqual({
      waiting: 'everyone-at-cap',
    });
    expect(choose('least-open', { cap: null }, { admins, away: new Set(admins) }, 0, {})).toEqual({
      waiting: 'everyone-away',
    });
    expect(choose('round-robin', { cap: 1 }, { admins, away: new Set(['a']) }, 0, full)).toEqual({
      waiting: 'everyone-away-or-at-cap',
    });
    expect(choose('round-robin', { cap: 1 }, { admins: [], away: new Set() }, 0, {})).toEqual({
      waiting: null,
    });
    expect(anyoneHasRoom({ cap: 1 }, nobodyAway, full)).toBe(false);
    expect(anyoneHasRoom({ cap: 2 }, nobodyAway, full)).toBe(true);
  });
});
