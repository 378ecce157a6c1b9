import { Coalescer } from './coalescer';

describe('Coalescer', () => {
  it('flushes what came during a flush in one next flush, each caller settled by its own', async () => {
    const flushed: number[][] = [];
    const coalescer = new Coalescer(async (items: number[]) => {
      flushed.push(items);
      await new Promise((resolve) => setTimeout(resolve, 20));
      return items.length;
    });
    const first = coalescer.push(1);
    const rest = [2, 3, 4].map((n) => coalescer.push(n));
    expect(await first).toBe(1);
    expect(await Promise.all(rest)).toEqual([3, 3, 3]);
    expect(flushed).toEqual([[1], [2, 3, 4]]);
  });

  it('rejects the callers of a failed flush, and flushes on for later ones', async () => {
    let fail = true;
    const coalescer = new Coalescer(async (items: number[]) => {
      if (fail) {
        fail = false;
        throw new Error('down');
      }
      return items;
    });
    await expect(coalescer.push(1)).rejects.toThrow('down');
    await expect(coalescer.push(2)).resolves.toEqual([2]);
  });
});
