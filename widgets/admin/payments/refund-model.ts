/**
 * The refund form's calculation (core/api/refund-calc.ts, the one the platform's emulator runs too: docs/wire.md
 * "i40-detail"), for the form's view, which calls nothing itself. Loads with the forms' chunk.
 */
export { lineShares, refundSums } from '../../../core/api/refund-calc.ts';
