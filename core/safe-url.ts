/**
 * The one http(s) check: `value` when it is an absolute http(s) URL, else undefined. Only such URLs reach `src`,
 * `href`, a redirect or the platform (never `javascript:`, `data:` or a relative path). With `base`, `value` may be
 * relative to it and the resolved URL is returned.
 */
export function httpUrl(value: unknown, base?: string): string | undefined {
  try {
    const u = new URL(value as string, base);
    return typeof value === 'string' && /^https?:$/.test(u.protocol) ? (base ? u.href : value) : undefined;
  } catch {
    return undefined;
  }
}
