import { z } from 'zod';

/** A page-view event from the browser: the final path of a completed navigation. */
export const pageViewSchema = z.object({
  path: z
    .string()
    .min(1)
    .max(512)
    .regex(/^\/[^\s?#]*$/, 'A path starting with / without query or fragment.'),
});

export type PageView = z.infer<typeof pageViewSchema>;
