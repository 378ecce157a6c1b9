import { sharedRead, sharingReads } from './shared-reads';

describe('shared reads', () => {
  it('leaves a read outside sharingReads to the caller', () => {
    const read = jest.fn(() => Promise.resolve(1));
    expect(sharedRead('k', read)).toBeUndefined();
    expect(read).not.toHaveBeenCalled();
  });

  it('reads each key once for the parts of one sharingReads, and again in the next', async () => {
    let reads = 0;
    const read = () => Promise.resolve(++reads);
    const part = async () => [await sharedRead('a', read), await sharedRead('b', read)];
    expect(await sharingReads(() => Promise.all([part(), part(), part()]))).toEqual([
      [1, 2],
      [1, 2],
      [1, 2],
    ]);
    expect(await sharingReads(part)).toEqual([3, 4]);
  });

  it('fails every part that shares a failed read, and the next sharingReads reads again', async () => {
    let fail = true;
    const read = () => (fail ? Promise.reject(new Error('down')) : Promise.resolve('up'));
    const both = sharingReads(() =>
      Promise.allSettled([sharedRead('k', read), sharedRead('k', read)]),
    );
    expect((await both).map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await sharingReads(async () => sharedRead('k', read))).toBe('up');
  });

  it('leaves work that outlives its sharingReads (a timer it set) to read on its own', async () => {
    let later: (() => Promise<number> | undefined) | undefined;
    await sharingReads(async () => {
      await sharedRead('k', () => Promise.resolve(1));
      later = () => sharedRead('k', () => Promise.resolve(2));
    });
    expect(later?.()).toBeUndefined();
  });
});
