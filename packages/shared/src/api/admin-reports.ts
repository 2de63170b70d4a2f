import { z } from "../validation/z";

/** Admin: reports. pending → under_review → accepted or rejected, with notes along the way. */
export const reportStatuses = ["pending", "under_review", "accepted", "rejected"] as const;

export const ZAdminReportsQuerySchema = z.object({
  status: z.enum(reportStatuses).default("pending"),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type TAdminReportsQuery = z.infer<typeof ZAdminReportsQuerySchema>;
export type TAdminReportStatus = (typeof reportStatuses)[number];

const ZPartySchema = z.object({ uuid: z.string(), username: z.string() }).nullable();

export const ZAdminReportNoteSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  author: ZPartySchema,
  created_at: z.string(),
});

export const ZAdminReportSchema = z.object({
  id: z.number().int(),
  status: z.enum(reportStatuses),
  reason: z.string(),
  details: z.string(),
  reporter: ZPartySchema,
  /** A guest reporter's address (members are named by `reporter`). */
  reporter_email: z.string().nullable(),
  reported: ZPartySchema,
  /** The reported photo's id, when one photo was reported. */
  photo_id: z.string().nullable(),
  created_at: z.string(),
  notes: z.array(ZAdminReportNoteSchema),
});
export type TAdminReport = z.infer<typeof ZAdminReportSchema>;

export const ZAdminReportsResponseSchema = z.object({
  data: z.array(ZAdminReportSchema),
  meta: z.object({ current_page: z.number().int(), last_page: z.number().int(), total: z.number().int() }),
});

/** Moves a report on (any status to any other) and/or adds a note; at least one of the two. */
export const ZAdminReportUpdateRequestSchema = z
  .object({
    status: z.enum(reportStatuses).optional(),
    note: z.string().trim().min(1).max(2000).optional(),
  })
  .refine((update) => update.status !== undefined || update.note !== undefined, {
    error: "Give a new status or a note",
    path: ["status"],
  });
export type TAdminReportUpdateRequest = z.input<typeof ZAdminReportUpdateRequestSchema>;
export const ZAdminReportResponseSchema = z.object({ data: ZAdminReportSchema });
