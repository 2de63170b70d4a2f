import { searchParamsOf, ZSearchFiltersSchema } from "@velvet/shared/api/profiles";
import { describe, expect, it } from "vitest";

describe("reading a search from the address", () => {
  it("reads an empty address without the schema, as the schema would, and waits for the schema for any other", async () => {
    const { loadSearchSchema, searchFromAddress, searchSchemaLoaded } = await import("./search-params");
    expect(searchSchemaLoaded()).toBe(false);
    // What the shortcut gives is what the schema gives for no parameters.
    expect(searchParamsOf(ZSearchFiltersSchema.parse({}))).toEqual({});
    expect(searchFromAddress(new URLSearchParams())).toEqual({ params: {}, errors: {} });
    expect(() => searchFromAddress({ gender: "female" })).toThrow("await loadSearchSchema() first");

    await loadSearchSchema();
    expect(searchSchemaLoaded()).toBe(true);
    expect(searchFromAddress(new URLSearchParams("age_max=30&gender=female"))).toEqual({
      params: { gender: "female", age_max: "30" },
      errors: {},
    });
    const refused = searchFromAddress({ gender: "female", age_min: "40", age_max: "30" });
    expect(refused.params).toEqual({ gender: "female", age_min: "40" });
    expect(refused.errors.age_max).toEqual(["The age to field must be at least the age from field"]);
  });
});
