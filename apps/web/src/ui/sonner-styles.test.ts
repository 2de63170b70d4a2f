import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * vite.config.ts (sonnerStylesAsAsset) removes sonner's `__insertCSS("…")` call at build time, because an
 * injected <style> element is refused by our Content-Security-Policy (style-src 'self'); the same stylesheet
 * ships as a CSS asset (SonnerToaster.tsx). Upstream: https://github.com/emilkowalski/sonner/issues/449.
 * When this fails, sonner no longer injects its styles: delete the plugin (keep the CSS import).
 */
describe("sonner's stylesheet injection (the build removes it)", () => {
  it("is still in the module the build transforms, in the form the plugin matches", () => {
    const commonJsEntry = createRequire(import.meta.url).resolve("sonner");
    const esmEntry = path.join(path.dirname(commonJsEntry), "index.mjs");
    const code = readFileSync(esmEntry, "utf8");
    expect(code).toMatch(/^__insertCSS\(".*"\);$/m);
  });
});
