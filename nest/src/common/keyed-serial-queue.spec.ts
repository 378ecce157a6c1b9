import { KeyedSerialQueue } from './keyed-serial-queue';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('KeyedSerialQueue', () => {
  it('runs one key’s tasks in turn, in the order given, and other keys beside them', async () => {
    const queue = new KeyedSerialQueue();
    const log: string[] = [];
    const release: Record<string, () => void> = {};
    const task = (name: string) => () =>
      new Promise<string>((resolve) => {
        log.push(`start ${name}`);
        release[name] = () => {
          log.push(`end ${name}`);
          resolve(name);
        };
      });
    const a1 = queue.run('a', task('a1'));
    const a2 = queue.run('a', task('a2'));
    const b1 = queue.run('b', task('b1'));
    await tick();
    expect(log).toEqual(['start a1', 'start b1']);
    release.a1!();
    await expect(a1).resolves.toBe('a1');
    await tick();
    expect(log).toEqual(['start a1', 'start b1', 'end a1', 'start a2']);
    release.b1!();
    release.a2!();
    await expect(Promise.all([a2, b1])).resolves.toEqual(['a2', 'b1']);
  });

  it('goes on after a task fails, passes the failure to its caller, and forgets idle keys', async () => {
    const queue = new KeyedSerialQueue();
    const failed = queue.run('k', () => Promise.reject(new Error('no')));
    const next = queue.run('k', () => Promise.resolve(2));
    await expect(failed).rejects.toThrow('no');
    await expect(next).resolves.toBe(2);
    await tick();
    expect(queue.size).toBe(0);
  });
});
