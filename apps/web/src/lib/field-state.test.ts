import { createFormControl } from "react-hook-form";
import { describe, expect, it } from "vitest";
import { fieldStates } from "./field-state";

const untouchedField = { invalid: false, isDirty: false, isTouched: false, isValidating: false };

describe("form field states (spec §4)", () => {
  it("a fresh field is pristine and untouched, neither validated nor valid", () => {
    expect(fieldStates(untouchedField)).toEqual({
      pristine: true,
      dirty: false,
      touched: false,
      untouched: true,
      valid: false,
      invalid: false,
      pending: false,
      validated: false,
      changed: false,
    });
  });

  it("an edited, passing field is dirty, changed, validated and valid", () => {
    expect(fieldStates({ ...untouchedField, isDirty: true })).toMatchObject({
      pristine: false,
      dirty: true,
      changed: true,
      validated: true,
      valid: true,
      invalid: false,
    });
  });

  it("an edited value put back is dirty but not changed", () => {
    expect(fieldStates(untouchedField, { edited: true })).toMatchObject({
      dirty: true,
      pristine: false,
      changed: false,
    });
  });

  it("a failing field is invalid and validated, never valid", () => {
    const states = fieldStates({ ...untouchedField, invalid: true, isTouched: true, error: { message: "x" } });
    expect(states).toMatchObject({ invalid: true, valid: false, validated: true, touched: true, untouched: false });
  });

  it("a field being validated is pending and not yet valid", () => {
    expect(fieldStates({ ...untouchedField, isDirty: true, isValidating: true })).toMatchObject({
      pending: true,
      valid: false,
    });
  });

  it("submitting validates untouched fields", () => {
    expect(fieldStates(untouchedField, { isSubmitted: true })).toMatchObject({
      validated: true,
      valid: true,
      pristine: true,
    });
  });

  it("reads react-hook-form's own field state", () => {
    const form = createFormControl({ defaultValues: { city: "" } });
    form.setError("city", { type: "server", message: "Please fill in your city" });
    expect(fieldStates(form.getFieldState("city"))).toMatchObject({ invalid: true, valid: false, pristine: true });

    const edited = createFormControl({ defaultValues: { city: "" } });
    edited.setValue("city", "Perth", { shouldDirty: true, shouldTouch: true });
    expect(fieldStates(edited.getFieldState("city"))).toMatchObject({
      changed: true,
      dirty: true,
      touched: true,
      valid: true,
    });
  });
});
