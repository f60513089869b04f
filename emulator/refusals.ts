/**
 * The platform's refusal of its internal methods, as a switch (issue 38): the generated clients mark some calls the spec
 * names as internal (not exported: update and delete of an order activity, refundability, trigger refund, mark as paid,
 * manual payment, bulk mark as paid…), and a real site may refuse them to the site's app. The emulator serves them, so
 * that refusal is something a test turns on: the operations named here (by their name in core's operation table,
 * `adminOps` or `ops`: `updateOrderActivity`, `triggerRefund`…) answer **403 `PERMISSION_DENIED`** to every caller,
 * before their handler runs and changes anything. Set with `startEmulator({refuseOperations})` or, in dev mode,
 * `PUT /_dev/refused-operations {operations: [...]}` (`GET` lists them, `DELETE` clears them). Kept in memory, per
 * emulator. docs/wire.md "Order activities and cancellation requests".
 */
import { z } from 'zod';
import { adminOps, ops, type Operation } from '../core/urls.ts';
import { forbidden, type PlatformError } from './errors.ts';

const TABLES: Record<string, Operation>[] = [ops as Record<string, Operation>, adminOps as Record<string, Operation>];

/** Every operation name of the table (both `ops` and `adminOps`). */
export const OPERATION_NAMES: readonly string[] = [...new Set(TABLES.flatMap((t) => Object.keys(t)))].sort();

/** The name an operation has in the table (the first table that holds that very object), if any. */
export function operationName(op: Operation): string | undefined {
  for (const t of TABLES) for (const [name, o] of Object.entries(t)) if (o === op) return name;
  return undefined;
}

/** `PUT /_dev/refused-operations`: the whole set, replacing the one before. */
export const refusedOperationsSchema = z.strictObject({
  operations: z
    .array(
      z.string().refine((n) => OPERATION_NAMES.includes(n), {
        message: 'is not an operation of the table (core/ops/*.ts)',
      }),
    )
    .max(OPERATION_NAMES.length),
});

/** The operations the emulated platform refuses now. */
export class RefusedOperations {
  private names = new Set<string>();

  constructor(initial: readonly string[] = []) {
    this.set(initial);
  }

  /** Replace the set; an unknown name throws (a typo would silently refuse nothing). */
  set(names: readonly string[]): void {
    const unknown = names.filter((n) => !OPERATION_NAMES.includes(n));
    if (unknown.length) throw new Error(`Not operations of the table: ${unknown.join(', ')}`);
    this.names = new Set(names);
  }

  list(): string[] {
    return [...this.names].sort();
  }

  has(name: string): boolean {
    return this.names.has(name);
  }

  /** The refusal for `name` when it is switched on. */
  refusal(name: string): PlatformError | undefined {
    return this.names.has(name)
      ? forbidden(`Permission denied: ${name} is an internal method of the platform, not open to this app`)
      : undefined;
  }
}
