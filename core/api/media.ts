import { z } from 'zod/mini';

/** The platform's image (product media, cart lines, review photos): one schema for every service. */
export const imageSchema = z.object({
  id: z.optional(z.string()),
  url: z.string(),
  width: z.optional(z.number()),
  height: z.optional(z.number()),
});
export type Image = z.infer<typeof imageSchema>;
