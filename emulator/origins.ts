/** The demo OAuth client's allowed origins (CORS): who may call the emulator from a browser as `demo-client`. */
export const DEFAULT_DEMO_ORIGINS = ['http://127.0.0.1:5173', 'http://localhost:5173'];

/**
 * The demo client's allowed origins: the defaults plus each comma-separated list given (`--demo-origins`,
 * INLAY_DEMO_ORIGINS), in order, without duplicates or trailing slashes. The lists add to the defaults: an origin
 * given for a second site never locks out the demo itself. Throws on anything but `http(s)://host[:port]`.
 */
export function demoOriginsWith(...lists: (string | undefined)[]): string[] {
  const out = [...DEFAULT_DEMO_ORIGINS];
  for (const list of lists)
    for (const raw of (list ?? '').split(',')) {
      const o = raw.trim().replace(/\/+$/, '');
      if (!o) continue;
      if (!/^https?:\/\/[^/\s?#@]+$/.test(o)) throw new Error(`invalid origin in demo origins: ${o}`);
      if (!out.includes(o)) out.push(o);
    }
  return out;
}

/**
 * The demo client's authorization redirect URIs: each of its origins' home page (`<origin>/`, Inlay's default
 * `data-redirect-uri`) plus each comma-separated list given (`--demo-redirect-uris`, INLAY_DEMO_REDIRECT_URIS), kept as
 * written (the hosted sign-in matches them exactly), without duplicates. Throws on anything but an absolute http(s)
 * URI with a path and no fragment.
 */
export function demoRedirectUrisWith(origins: readonly string[], ...lists: (string | undefined)[]): string[] {
  const out = origins.map((o) => `${o}/`);
  for (const list of lists)
    for (const raw of (list ?? '').split(',')) {
      const u = raw.trim();
      if (!u) continue;
      if (!/^https?:\/\/[^/\s?#@]+\/[^\s#]*$/.test(u))
        throw new Error(`invalid redirect URI (absolute http(s), with a path, no fragment): ${u}`);
      if (!out.includes(u)) out.push(u);
    }
  return out;
}
