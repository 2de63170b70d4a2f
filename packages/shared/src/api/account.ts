import { accountMessages as m } from "../validation/account-messages";
import { z } from "../validation/z";
import { ZEmailSchema, ZPasswordSchema, ZPreferencesSchema, ZTokenSchema } from "./auth";
import { resourceResponse } from "./envelope";

export const ZChangeEmailRequestSchema = z.object({
  email: ZEmailSchema,
  current_password: z.string().min(1).max(128),
});

export const ZChangePasswordRequestSchema = z
  .object({
    current_password: z.string().min(1).max(128),
    password: ZPasswordSchema,
    password_confirmation: z.string(),
  })
  .refine((value) => value.password === value.password_confirmation, {
    path: ["password_confirmation"],
    message: m.passwordConfirmation,
  });
export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequestSchema>;

/** Changing the password signs out every other device; this device gets a fresh token. */
export const ZChangePasswordResponseSchema = z.object({ message: z.string(), data: ZTokenSchema });

export const ZUpdatePreferencesRequestSchema = ZPreferencesSchema.pick({ email: true });
export const ZPreferencesResponseSchema = resourceResponse(ZPreferencesSchema);

export const ZDeleteAccountRequestSchema = z.object({ password: z.string().min(1).max(128) });

export const ZImpersonationTokenResponseSchema = resourceResponse(
  z.object({ token: z.string(), expires_at: z.string(), url: z.string() }),
);
