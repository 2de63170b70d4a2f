import { z } from "../validation/z";

/** Click tracking (spec §7): section and button names such as notification/bell_btn, foldout/menu_btn. */
export const ZTrackClickRequestSchema = z.object({
  section_type: z
    .string()
    .trim()
    .min(1)
    .max(40)
    .regex(/^[a-z0-9_-]+$/),
  button_type: z
    .string()
    .trim()
    .min(1)
    .max(40)
    .regex(/^[a-z0-9_-]+$/),
  status: z.enum(["opened", "closed"]).optional(),
});
export type TTrackClickRequest = z.infer<typeof ZTrackClickRequestSchema>;
