import { createFormControl } from "react-hook-form";
import { beforeEach, describe, expect, it } from "vitest";
import { applyServerErrors } from "./server-errors";
import { useValidationStore } from "./validation-store";

function newForm() {
  return createFormControl({ defaultValues: { email: "", city: "", username: "" } });
}

describe("server field errors replace the form's errors (spec §5)", () => {
  beforeEach(() => useValidationStore.setState({ errors: {}, loginFailed: false }));

  it("shows the first message per field and drops the form's own errors", () => {
    const form = newForm();
    form.setError("username", { type: "min", message: "The username field must be at least 3 characters" });
    expect(form.getFieldState("username").error?.type).toBe("min");
    applyServerErrors(form, {
      email: ["The email has already been taken.", "second"],
      city: "Please fill in your city",
    });
    expect(form.getFieldState("email").error).toMatchObject({
      type: "server",
      message: "The email has already been taken.",
    });
    expect(form.getFieldState("city").error?.message).toBe("Please fill in your city");
    expect(form.getFieldState("username").error).toBeUndefined();
  });

  it("replaces the errors of an earlier answer", () => {
    const form = newForm();
    applyServerErrors(form, { email: ["The email has already been taken."] });
    applyServerErrors(form, { city: ["Please fill in your city"] });
    expect(form.getFieldState("email").error).toBeUndefined();
    expect(form.getFieldState("city").error?.message).toBe("Please fill in your city");
  });

  it("leaves the form alone when the store is merely cleared", () => {
    const form = newForm();
    applyServerErrors(form, { email: ["The email has already been taken."] });
    applyServerErrors(form, {});
    expect(form.getFieldState("email").error?.message).toBe("The email has already been taken.");
  });

  it("works from what the validation store keeps after a 422", () => {
    useValidationStore.getState().setErrors({ email: ["first", "second"], city: [] });
    const form = newForm();
    applyServerErrors(form, useValidationStore.getState().errors);
    expect(form.getFieldState("email").error?.message).toBe("first");
    expect(form.getFieldState("city").error).toBeUndefined();
  });
});
