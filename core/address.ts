/**
 * A client address as a rate limit counts it (the emulator's throttling, the companion's limits): IPv4-mapped IPv6
 * unwrapped, and IPv6 cut to its /64, since one host usually holds a whole /64 and could otherwise take a fresh
 * address (and a fresh bucket) for every request. Anything without a colon is kept as it is.
 */
export function addressBucket(raw: string): string {
  const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(raw);
  if (v4) return v4[1]!;
  if (!raw.includes(':')) return raw;
  const [head = '', tail = ''] = raw.toLowerCase().split('%')[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = raw.includes('::')
    ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
