import { firstErrorPerField } from "@velvet/shared/validation/field-errors";
import { create } from "zustand";

/** The validation state of spec §3: field errors from the last 422 and the login_failed flag. */
interface ValidationState {
  errors: Record<string, string>;
  loginFailed: boolean;
  setErrors(errors: Record<string, string | string[]>): void;
  clearErrors(): void;
  setLoginFailed(failed: boolean): void;
}

export const useValidationStore = create<ValidationState>((set) => ({
  errors: {},
  loginFailed: false,
  // Server errors replace the form's errors, first message per field (spec §5).
  setErrors: (errors) => set({ errors: firstErrorPerField(errors) }),
  clearErrors: () => set({ errors: {}, loginFailed: false }),
  setLoginFailed: (failed) => set({ loginFailed: failed }),
}));

/** The login-failed handler every error status goes through (spec §8). */
export function handleErrorStatus(status: number): void {
  if (status === 401 || status === 422 || status === 429) useValidationStore.getState().setLoginFailed(true);
}
