// Test helper: a fake `fetch` (the only network boundary the core has). Not part of the bundle.
import { FORM } from '../../core/auth/token-request.ts';

export interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
  signal?: AbortSignal | null;
  /** The request's `credentials` (`omit` for the site companion's calls). */
  credentials?: RequestCredentials;
  /** The body as given (a File for an upload's bytes). */
  raw?: BodyInit | null;
}

export type Handler = (call: Call, index: number) => Response | Promise<Response>;

/** JSON response with a status (and optional statusText / headers). */
export function json(
  status: number,
  body: unknown,
  init: { statusText?: string; headers?: Record<string, string> } = {},
) {
  return new Response(body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    statusText: init.statusText,
    headers: { 'content-type': 'application/json', ...init.headers },
  });
}

/** A fetch that records calls and answers with `handler`. Throw inside the handler to simulate a network error. */
export function fakeFetch(handler: Handler) {
  const calls: Call[] = [];
  const fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((v, k) => (headers[k] = v));
    const call: Call = {
      url: String(input),
      method: init.method ?? 'GET',
      headers,
      // JSON, or a form (the token requests) as an object of its fields
      body:
        typeof init.body !== 'string'
          ? undefined
          : new Headers(init.headers).get('content-type')?.startsWith(FORM)
            ? Object.fromEntries(new URLSearchParams(init.body))
            : JSON.parse(init.body),
      signal: init.signal,
      credentials: init.credentials,
      raw: init.body,
    };
    calls.push(call);
    return handler(call, calls.length - 1);
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

/** A promise with its resolve/reject exposed. */
export function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** An in-memory Storage. */
export function memoryStorage(): Storage {
  const m = new Map<string, string>();
  return {
    get length() {
      return m.size;
    },
    clear: () => m.clear(),
    getItem: (k) => m.get(k) ?? null,
    key: (i) => [...m.keys()][i] ?? null,
    removeItem: (k) => void m.delete(k),
    setItem: (k, v) => void m.set(k, String(v)),
  };
}

/** Everything a Storage holds, as one string (to look for what a page kept). */
export const storedText = (storage: Storage): string =>
  [...Array(storage.length).keys()].map((i) => storage.getItem(storage.key(i)!)).join();

/** A Web Locks stand-in that runs callbacks for the same name one after the other (like `navigator.locks`). */
export function serialLocks() {
  const tails = new Map<string, Promise<unknown>>();
  let requests = 0;
  return {
    get requests() {
      return requests;
    },
    request<T>(name: string, cb: () => Promise<T>): Promise<T> {
      requests++;
      const run = (tails.get(name) ?? Promise.resolve()).then(cb, cb);
      tails.set(
        name,
        run.catch(() => {}),
      );
      return run;
    },
  };
}
