import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { SERVER_FILES_THAT_MOCK_MODULES } from "./module-isolation";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");

describe("server test files that mock modules", () => {
  it("are exactly the ones listed to run in a module graph of their own", async () => {
    const sourceDir = path.join(repoRoot, "apps/server/src");
    const testFiles = (await readdir(sourceDir, { recursive: true }))
      .filter((file) => file.endsWith(".test.ts"))
      .map((file) => path.posix.join("apps/server/src", file.split(path.sep).join("/")));
    const mocking: string[] = [];
    for (const file of testFiles) {
      if (/\bvi\s*\.\s*(mock|doMock)\s*\(/.test(await readFile(path.join(repoRoot, file), "utf8"))) mocking.push(file);
    }
    expect(mocking.sort()).toEqual([...SERVER_FILES_THAT_MOCK_MODULES].sort());
  });
});
