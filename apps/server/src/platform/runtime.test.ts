import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "../modules/auth/passwords";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");
const rootPackage = JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8")) as {
  engines: { node: string };
  optionalDependencies: Record<string, string>;
};
const major = (version: string) => Number(/(\d+)/.exec(version)?.[1]);

/**
 * The project runs on the Node it pins (a supported LTS), not whatever the machine has: npm puts the pinned binary
 * first on PATH for every script, so the suites, the dev server and `npm start` all run on it.
 */
describe("the runtime", () => {
  it("is the Node the project pins, at least the major its engines ask for", () => {
    const pinnedHere = rootPackage.optionalDependencies[`node-${process.platform}-${process.arch}`];
    expect(major(process.versions.node)).toBeGreaterThanOrEqual(major(rootPackage.engines.node));
    if (pinnedHere) expect(major(process.versions.node)).toBe(major(pinnedHere));
  });

  it("loads the native argon2 and sharp builds on it", async () => {
    const hash = await hashPassword("a long enough passphrase");
    expect(await verifyPassword(hash, "a long enough passphrase")).toBe(true);
    expect(await verifyPassword(hash, "another passphrase")).toBe(false);
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#a33" } })
      .png()
      .toBuffer();
    const webp = await sharp(png).webp().toBuffer();
    expect((await sharp(webp).metadata()).format).toBe("webp");
  });
});
