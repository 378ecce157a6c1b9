import { duplicateKeyRows, isDuplicateKey, onlyDuplicateKeys } from './duplicate-key';

class DriverWriteError {
  constructor(readonly err: { code: number; errmsg: string }) {}
  get code() {
    return this.err.code;
  }
}

describe('duplicate keys', () => {
  it('knows a single write refused by a unique index, and nothing else', () => {
    expect(isDuplicateKey({ code: 11000 })).toBe(true);
    expect(isDuplicateKey({ code: 11001 })).toBe(false);
    expect(isDuplicateKey(new Error('E11000 in the text only'))).toBe(false);
    expect(isDuplicateKey(null)).toBe(false);
    expect(isDuplicateKey('11000')).toBe(false);
  });

  it('reads an unordered insert’s errors as the driver gives them (a getter, one or many)', () => {
    const dup = new DriverWriteError({ code: 11000, errmsg: 'E11000' });
    const other = new DriverWriteError({ code: 121, errmsg: 'validation' });
    expect(onlyDuplicateKeys({ code: 11000, writeErrors: [dup, dup] })).toBe(true);
    expect(onlyDuplicateKeys({ code: 11000, writeErrors: dup })).toBe(true);
    expect(onlyDuplicateKeys({ code: 11000, writeErrors: [dup, other] })).toBe(false);
  });

  it('reads them as Mongoose copies them: `{ err, index }`, the getter lost', () => {
    const copied = (code: number) => ({ ...new DriverWriteError({ code, errmsg: '' }), index: 2 });
    expect(copied(11000)).not.toHaveProperty('code');
    expect(onlyDuplicateKeys({ code: 11000, writeErrors: [copied(11000)] })).toBe(true);
    expect(onlyDuplicateKeys({ code: 11000, writeErrors: [copied(11000), copied(2)] })).toBe(false);
  });

  it('never takes an empty or unknown failure for a duplicate', () => {
    expect(onlyDuplicateKeys({ writeErrors: [] })).toBe(false);
    expect(onlyDuplicateKeys(new Error('network'))).toBe(false);
    expect(onlyDuplicateKeys({ code: 11000 })).toBe(true);
  });

  it('tells which rows of an unordered insert were there already, or that it can’t', () => {
    const copied = (code: number, index: number) => ({
      ...new DriverWriteError({ code, errmsg: '' }),
      index,
    });
    expect(
      duplicateKeyRows({ code: 11000, writeErrors: [copied(11000, 0), copied(11000, 3)] }, 4),
    ).toEqual([0, 3]);
    expect(
      duplicateKeyRows({ code: 11000, writeErrors: [copied(11000, 1), copied(2, 2)] }, 3),
    ).toBe(null);
    // The driver's own error, one row: its getter, its index.
    const driver = Object.assign(new DriverWriteError({ code: 11000, errmsg: '' }), { index: 1 });
    expect(duplicateKeyRows({ code: 11000, writeErrors: driver }, 2)).toEqual([1]);
    // No write errors: a one-row insert's duplicate is that row; of more, which can't be told.
    expect(duplicateKeyRows({ code: 11000 }, 1)).toEqual([0]);
    expect(duplicateKeyRows({ code: 11000 }, 2)).toBe(null);
    expect(duplicateKeyRows(new Error('network'), 1)).toBe(null);
  });
});
