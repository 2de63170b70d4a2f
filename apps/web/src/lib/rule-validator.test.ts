import { createFormControl } from "react-hook-form";
import { describe, expect, it } from "vitest";
import { ruleValidator } from "./rule-validator";

describe("shared rules in react-hook-form", () => {
  it("sets the rule's English message as the field's error", async () => {
    const form = createFormControl({ mode: "onChange", defaultValues: { username: "ab" } });
    form.register("username", { validate: ruleValidator("username", "required|alpha_dash|min:3") });
    await form.trigger("username");
    expect(form.getFieldState("username").error?.message).toBe("The username field must be at least 3 characters");
    form.setValue("username", "velvet_rose");
    await form.trigger("username");
    expect(form.getFieldState("username").error).toBeUndefined();
  });

  it("gives rules that compare fields the whole form", async () => {
    const form = createFormControl({ defaultValues: { password: "longenough", password_confirmation: "different" } });
    form.register("password", { validate: ruleValidator("password", "required|min:8|confirmed") });
    form.register("password_confirmation");
    await form.trigger("password");
    expect(form.getFieldState("password").error?.message).toBe("The password confirmation does not match");
  });

  it("refuses an unknown rule when the form is built", () => {
    expect(() => ruleValidator("username", "required|shoe_size")).toThrow("No such validator exists");
  });
});
