import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { serverCommand } from "../../../../scripts/ensure-server-build.mjs";
import { migrationsFolder } from "./db/migrate";
import { webDistDir } from "./http/static-web";
import { repoRoot, serverDir } from "./paths";

describe("where the server finds its files", () => {
  it("finds the server package, the repository root, the migrations and the web build's folder", () => {
    expect(JSON.parse(readFileSync(path.join(serverDir, "package.json"), "utf8")).name).toBe("@velvet/server");
    expect(JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8")).name).toBe("velvet");
    expect(existsSync(path.join(migrationsFolder, "meta/_journal.json"))).toBe(true);
    expect(webDistDir).toBe(path.join(repoRoot, "apps/web/dist"));
  });

  it("starts the server the way npm start does, wherever it is started from", () => {
    const manifest = JSON.parse(readFileSync(path.join(serverDir, "package.json"), "utf8"));
    expect(manifest.scripts.start).toBe(`node ${serverCommand.args.join(" ")}`);
    expect(serverCommand.cwd).toBe(serverDir);
  });
});
