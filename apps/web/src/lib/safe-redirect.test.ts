import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { safeRelativePath } from "./safe-redirect";

describe("safeRelativePath", () => {
  it("keeps same-site paths with their query and hash", () => {
    expect(safeRelativePath("/messages?page=2#top")).toBe("/messages?page=2#top");
    expect(safeRelativePath("my-visitors")).toBe("/my-visitors");
  });

  it("refuses anything that could leave the site", () => {
    for (const hostile of [
      "//evil.example",
      "https://evil.example/x",
      "/\\evil.example",
      "/\\/evil.example",
      "/\t/evil.example",
      "javascript:alert(1)",
      "\\\\evil.example",
    ]) {
      const result = safeRelativePath(hostile);
      if (result !== null) expect(new URL(result, "https://site.invalid").origin).toBe("https://site.invalid");
    }
    expect(safeRelativePath("//evil.example")).toBeNull();
    expect(safeRelativePath("/\\evil.example")).toBeNull();
    expect(safeRelativePath(null)).toBeNull();
    expect(safeRelativePath("https://evil.example/x")).toBeNull();
    expect(safeRelativePath("javascript:alert(1)")).toBeNull();
  });

  it("checks the path once resolved: dot segments never leave a protocol-relative path behind", () => {
    for (const hostile of [
      "/.//evil.example",
      "/..//evil.example",
      "/%2e/%2e//evil.example",
      "/\\\\evil.example",
      "/./\\evil",
    ]) {
      expect(safeRelativePath(hostile), hostile).toBeNull();
    }
    expect(safeRelativePath("/./messages")).toBe("/messages");
    expect(safeRelativePath("/profile/../dashboard")).toBe("/dashboard");
  });

  it("never returns a path that resolves to another origin, whatever the input", () => {
    fc.assert(
      fc.property(fc.string(), (input) => {
        const result = safeRelativePath(input);
        if (result === null) return true;
        return (
          result.startsWith("/") &&
          !result.startsWith("//") &&
          !result.includes("\\") &&
          new URL(result, "https://site.invalid").origin === "https://site.invalid"
        );
      }),
      { numRuns: 2_000 },
    );
  });
});
