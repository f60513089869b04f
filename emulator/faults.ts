/**
 * In-memory fault injection for tests (`/_dev/faults`), a dev helper: the server applies faults in dev mode only.
 * A fault matches by exact path or by a prefix ending in `*`, optionally by method, and affects `times` requests
 * (unlimited when absent). Faults never apply to `/_dev/` paths, and apply to preflight OPTIONS requests only when
 * `method` is `OPTIONS`.
 */
import { z } from 'zod';

export const faultInputSchema = z
  .object({
    path: z.string().min(1).max(2000).startsWith('/'),
    method: z
      .string()
      .transform((m) => m.toUpperCase())
      .pipe(z.enum(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']))
      .optional(),
    status: z.number().int().min(400).max(599).optional(),
    delayMs: z.number().int().min(0).max(120_000).optional(),
    malformed: z.literal(true).optional(),
    drop: z.literal(true).optional(),
    dropAfter: z.literal(true).optional(),
    times: z.number().int().min(1).optional(),
  })
  .superRefine((f, ctx) => {
    const effects = [f.status !== undefined, f.malformed === true, f.drop === true, f.dropAfter === true];
    if (!effects.some(Boolean) && f.delayMs === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: [],
        message: 'one of status, delayMs, malformed, drop or dropAfter is required',
        params: { violatedRule: 'REQUIRED_ONE_OF_FIELD' },
      });
    }
    if (effects.filter(Boolean).length > 1) {
      ctx.addIssue({
        code: 'custom',
        path: [],
        message: 'status, malformed, drop and dropAfter are mutually exclusive',
        params: { violatedRule: 'ONE_OF_ALIGNMENT' },
      });
    }
  });

export type FaultInput = z.output<typeof faultInputSchema>;

/** A registered fault as listed by `GET /_dev/faults`. */
export interface Fault {
  id: string;
  path: string;
  method?: string;
  status?: number;
  delayMs?: number;
  malformed?: true;
  drop?: true;
  /** The request is handled (a write commits), then the connection is destroyed: a lost answer. */
  dropAfter?: true;
  /** How many more requests it affects; absent = unlimited. */
  remaining?: number;
  /** How many requests it affected so far. */
  hits: number;
  createdDate: string;
}

export class FaultStore {
  private faults: Fault[] = [];
  private seq = 0;

  add(input: FaultInput, nowMs: number): Fault {
    this.seq += 1;
    const fault: Fault = {
      id: `fault-${this.seq}`,
      path: input.path,
      ...(input.method ? { method: input.method } : {}),
      ...(input.status !== undefined ? { status: input.status } : {}),
      ...(input.delayMs !== undefined ? { delayMs: input.delayMs } : {}),
      ...(input.malformed ? { malformed: true as const } : {}),
      ...(input.drop ? { drop: true as const } : {}),
      ...(input.dropAfter ? { dropAfter: true as const } : {}),
      ...(input.times !== undefined ? { remaining: input.times } : {}),
      hits: 0,
      createdDate: new Date(nowMs).toISOString(),
    };
    this.faults.push(fault);
    return fault;
  }

  list(): Fault[] {
    return this.faults.map((f) => ({ ...f }));
  }

  remove(id: string): boolean {
    const before = this.faults.length;
    this.faults = this.faults.filter((f) => f.id !== id);
    return this.faults.length < before;
  }

  clear(): void {
    this.faults = [];
  }

  /** The first fault for this request, consumed once; undefined when none applies. */
  take(method: string, path: string, preflight: boolean): Fault | undefined {
    if (path === '/_dev' || path.startsWith('/_dev/')) return undefined;
    const fault = this.faults.find((f) => {
      if (f.method ? f.method !== method : preflight) return false;
      return f.path.endsWith('*') ? path.startsWith(f.path.slice(0, -1)) : path === f.path;
    });
    if (!fault) return undefined;
    fault.hits += 1;
    if (fault.remaining !== undefined) {
      fault.remaining -= 1;
      if (fault.remaining <= 0) this.faults = this.faults.filter((f) => f !== fault);
    }
    return { ...fault };
  }
}
