import { z } from "../validation/z";

/** `{"message": "..."}`: every non-2xx answer. 422 adds `errors`. */
export const ZErrorResponseSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  /** Only on the maintenance switch's 503: a 503 without it (a database outage) is worth retrying. */
  maintenance: z.literal(true).optional(),
});
export type TErrorResponse = z.infer<typeof ZErrorResponseSchema>;

export const ZPageMetaSchema = z.object({
  current_page: z.number().int(),
  last_page: z.number().int(),
  total: z.number().int(),
});
export type TPageMeta = z.infer<typeof ZPageMetaSchema>;

/** A single resource: `{"data": {...}}`. */
export function resourceResponse<T extends z.ZodType>(item: T) {
  return z.object({ data: item });
}

/** A paged list: `{"data": [...], "meta": {current_page, last_page, total}}`. */
export function pagedResponse<T extends z.ZodType, M extends z.ZodObject = typeof ZPageMetaSchema>(item: T, meta?: M) {
  return z.object({ data: z.array(item), meta: meta ?? ZPageMetaSchema });
}

export const ZPageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
