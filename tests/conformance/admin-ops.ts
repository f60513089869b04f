/**
 * The admin-only operations a conformance file answers for, read from the calls table (tests/conformance/calls.ts):
 * a file that checks a visitor and a member are refused each of them derives the list here rather than writing the
 * names again (refusals.test.ts's `ADMIN_ONLY` holds the literal claims coverage.test.ts reads).
 */
import { CALLS, type OpName } from './calls.ts';

/** The operations whose row names `file` and asks for an admin identity, in the table's order. */
export const adminOpsOf = (file: string): OpName[] =>
  (Object.keys(CALLS) as OpName[]).filter((n) => CALLS[n].file === file && CALLS[n].identity === 'admin');
