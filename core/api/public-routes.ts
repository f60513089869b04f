/**
 * The site companion's public reads route (docs/companion.md "Public reads"): its table, a module of its own so that
 * no browser chunk carries its answer schema unless it imports it. Which reads go there: public-reads.ts.
 */
import { z } from 'zod/mini';
import type { CompanionRoutes } from './companion.ts';

/**
 * Public reads in one request (docs/companion.md "Public reads"): each read's platform status and body, in order;
 * `also`, reads the companion anticipated. Sent without a token or a content type (public-reads.ts says what goes).
 */
export const publicReadsRoute = {
  method: 'POST',
  path: '/public/reads',
  kind: 'read',
  schema: z.object({
    answers: z.array(z.object({ status: z.number(), body: z.unknown() })),
    also: z.optional(
      z.array(
        z.object({
          method: z.string(),
          path: z.string(),
          body: z.optional(z.unknown()),
          status: z.number(),
          answer: z.unknown(),
        }),
      ),
    ),
  }),
} as const;

/** The public reads' routes (companion-table.ts joins them). */
export const publicRoutes = [publicReadsRoute] as const satisfies CompanionRoutes;
