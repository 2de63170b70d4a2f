import { z } from "../validation/z";

/**
 * Admin: the background jobs queue at a glance. Per kind: jobs waiting (due, running or retrying),
 * failed for good and done (finished jobs are kept a week, a scheduled pass's a day, failed ones a month), and
 * for a scheduled kind its next run.
 */
export const ZAdminJobKindSchema = z.object({
  kind: z.string(),
  waiting: z.number().int(),
  failed: z.number().int(),
  done: z.number().int(),
  /** ISO time of the next run of a scheduled kind; null for kinds queued on demand (mail). */
  next_run_at: z.string().nullable(),
});
export type TAdminJobKind = z.infer<typeof ZAdminJobKindSchema>;

export const ZAdminJobsResponseSchema = z.object({ data: z.object({ kinds: z.array(ZAdminJobKindSchema) }) });
export type TAdminJobs = z.infer<typeof ZAdminJobsResponseSchema>["data"];
