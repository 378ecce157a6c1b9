import { FIELD_KEYS, shortcutOf, SHORTCUTS, WORK_KEYS } from './shortcut-keys';

const press = (key: string, target: Element, extra: Partial<KeyboardEvent> = {}) =>
  shortcutOf({
    key,
    ctrlKey: false,
    altKey: false,
    metaKey: false,
    shiftKey: key === '?',
    defaultPrevented: false,
    target,
    ...extra,
  });

const element = (html: string) => {
  document.body.innerHTML = html;
  return document.body.firstElementChild as Element;
};

describe('the shortcuts', () => {
  it('lists each key once, the work keys marked, and every field key among them', () => {
    const keys = SHORTCUTS.flatMap((shortcut) => [...shortcut.keys]);
    expect(new Set(keys).size).toBe(keys.length);
    expect([...WORK_KEYS].sort()).toEqual(['a', 'e', 'f', 'n', 'r', 's', 'x']);
    for (const key of Object.keys(FIELD_KEYS)) expect(WORK_KEYS.has(key as 's')).toBe(true);
  });

  it('are keys outside fields, and on a checkbox or a button, never while typing', () => {
    expect(press('j', element('<a href="#">a lead</a>'))).toBe('j');
    expect(press('x', element('<input type="checkbox">'))).toBe('x');
    expect(press('e', element('<button>Archive</button>'))).toBe('e');
    expect(press('?', element('<div></div>'))).toBe('?');
    for (const field of [
      '<input type="text">',
      '<input>',
      '<input type="search">',
      '<textarea></textarea>',
      '<select><option>a</option></select>',
      '<div contenteditable="true"></div>',
    ])
      expect(press('j', element(field))).toBeNull();
  });

  it('never come with a modifier, or when taken already', () => {
    const link = element('<a href="#">a lead</a>');
    expect(press('j', link, { ctrlKey: true })).toBeNull();
    expect(press('j', link, { metaKey: true })).toBeNull();
    expect(press('J', link, { shiftKey: true })).toBeNull();
    expect(press('j', link, { defaultPrevented: true })).toBeNull();
    expect(press('Enter', link)).toBeNull();
  });
});
