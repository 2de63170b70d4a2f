import { z } from "../validation/z";

/** A photo as its owner sees it in the photo manager: every status, with a position in their order. */
export const ZOwnPhotoSchema = z.object({
  id: z.string(),
  status: z.enum(["pending", "approved", "rejected"]),
  is_primary: z.boolean(),
  position: z.number().int(),
  urls: z.object({ thumb: z.string(), medium: z.string(), large: z.string() }),
});
export type TOwnPhoto = z.infer<typeof ZOwnPhotoSchema>;

/** Every photo-manager action answers with the whole list, in display order (main photo first). */
export const ZOwnPhotoListResponseSchema = z.object({ data: z.array(ZOwnPhotoSchema) });
export type TOwnPhotoListResponse = z.infer<typeof ZOwnPhotoListResponseSchema>;

/** The member's photos, each listed once, in the order other members should see them. */
export const ZReorderPhotosRequestSchema = z.object({ order: z.array(z.uuid()).max(50) });
export type TReorderPhotosRequest = z.infer<typeof ZReorderPhotosRequestSchema>;
