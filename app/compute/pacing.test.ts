import { describe, expect, it } from 'vitest';
import { allow, enablePacingFromUrl, held, open, pacedDelivery } from './pacing';

describe('test-only pacing of job streams', () => {
  it('passes deliveries straight through for tasks that are not paced', async () => {
    const got: number[] = [];
    const paced = pacedDelivery('not-paced', (x: number) => got.push(x));
    paced.deliver(1);
    paced.deliver(2);
    expect(got).toEqual([1, 2]);
    await expect(paced.settled(Promise.resolve('all'))).resolves.toBe('all');
    expect(() => allow('not-paced', 1)).toThrow(/not paced/);
  });

  it('holds cells until allowed, in order, and settles the job only after its last cell', async () => {
    expect(enablePacingFromUrl('?eps=1&pace=sweep,linreg')).toBe(true);
    const got: number[] = [];
    const paced = pacedDelivery('sweep', (x: number) => got.push(x));
    for (let i = 0; i < 5; i++) paced.deliver(i);
    let settled = false;
    const done = paced.settled(Promise.resolve('all')).then((v) => ((settled = true), v));
    await Promise.resolve();
    expect(got).toEqual([]);
    expect(held('sweep')).toBe(5);
    allow('sweep', 2);
    expect(got).toEqual([0, 1]);
    allow('sweep', 2);
    expect(got).toEqual([0, 1, 2, 3]);
    await new Promise((r) => setTimeout(r, 0));
    expect(settled).toBe(false); // cell 4 is still held
    allow('sweep', 1);
    await expect(done).resolves.toBe('all');
    expect(got).toEqual([0, 1, 2, 3, 4]);
    // allowance given before a cell exists is used by the next one
    allow('linreg', 1);
    const later: string[] = [];
    pacedDelivery('linreg', (x: string) => later.push(x)).deliver('a');
    expect(later).toEqual(['a']);
  });

  it('drops the held cells of a job that fails or is cancelled; open() lets everything through', async () => {
    const got: number[] = [];
    const failing = pacedDelivery('sweep', (x: number) => got.push(x));
    failing.deliver(1);
    failing.deliver(2);
    await expect(failing.settled(Promise.reject(new Error('cancelled')))).rejects.toThrow('cancelled');
    expect(held('sweep')).toBe(0);
    const next = pacedDelivery('sweep', (x: number) => got.push(x));
    next.deliver(3);
    open('sweep');
    next.deliver(4);
    expect(got).toEqual([3, 4]);
  });
});
