import { describe, expect, it } from 'vitest';
import { onDemand } from './on-demand.ts';

describe('onDemand', () => {
  it('imports once for every caller, and gives the part synchronously once it has arrived', async () => {
    let imports = 0;
    const part = onDemand(async () => ({ n: ++imports }));
    expect(part.loaded()).toBeUndefined();
    const [a, b] = await Promise.all([part.load(), part.load()]);
    expect(a).toBe(b);
    expect(await part.load()).toBe(a);
    expect(part.loaded()).toBe(a);
    expect(imports).toBe(1);
  });

  it('forgets a failed import: the next load imports again; warm never rejects', async () => {
    let imports = 0;
    const part = onDemand(async () => {
      if (++imports === 1) throw new Error('chunk failed');
      return 'part';
    });
    part.warm();
    await expect(part.load()).rejects.toThrow('chunk failed');
    expect(part.loaded()).toBeUndefined();
    expect(await part.load()).toBe('part');
    expect(imports).toBe(2);
  });
});
