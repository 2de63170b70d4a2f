import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkGraph, readSources, type SourceFile } from "./test/module-graph";

// The rules of docs/architecture.md, on the real source: each failure names the import to change.
const repository = path.resolve(import.meta.dirname, "../../..");
const server = path.join(repository, "apps/server/src");
const web = path.join(repository, "apps/web/src");

describe("server modules", () => {
  const report = checkGraph(readSources([server]), {
    unitsRoot: path.join(server, "modules"),
    projectRoot: repository,
    surfaceOnly: ["app.ts", "server.ts", "main.ts", "platform/app-context.ts"].map((file) => path.join(server, file)),
    forbidden: [path.join(server, "platform")],
  });

  it("form no cycle", () => expect(report.cycles).toEqual([]));
  it("use each other only through their index.ts", () => expect(report.internalImports).toEqual([]));
  it("are never imported by platform/", () => expect(report.forbiddenImports).toEqual([]));
});

describe("web features", () => {
  const report = checkGraph(readSources([web]), {
    unitsRoot: path.join(web, "features"),
    projectRoot: repository,
    surfaceOnly: [path.join(web, "app"), path.join(web, "main.tsx")],
  });
  // Route modules load pages lazily (`import("../features/x/Page")`) so that each page is its own chunk:
  // re-exporting pages from an eagerly imported index.ts would pull them all into the first load.
  const lazyRoutes = (line: string) => /^apps\/web\/src\/app\/routes\.ts:\d+ → .* \(lazy\)$/.test(line);

  it("form no cycle", () => expect(report.cycles).toEqual([]));
  it("use each other only through their index.ts (lazy route pages excepted)", () =>
    expect(report.internalImports.filter((line) => !lazyRoutes(line))).toEqual([]));
});

describe("the graph checker", () => {
  const root = "/project/src";
  const file = (name: string, text: string): SourceFile => ({ file: `${root}/${name}`, text });
  const sources = [
    file("modules/a/service.ts", 'import { b } from "../b";\nexport const a = b;'),
    file("modules/a/index.ts", 'export { a } from "./service";'),
    file("modules/b/index.ts", 'import { a } from "../a/service";\nexport const b = 1;'),
    file("modules/b/b.test.ts", 'import { a } from "../a";'),
    file("modules/c/index.ts", 'const page = () => import("../a/service");'),
    file("platform/db.ts", 'import type { a } from "../modules/a";'),
    file("platform/db.test.ts", 'import { a } from "../modules/a";'),
  ];
  const report = checkGraph(sources, {
    unitsRoot: `${root}/modules`,
    projectRoot: "/project",
    forbidden: [`${root}/platform`],
  });

  it("names a cycle with one import per edge", () => {
    expect(report.cycles).toEqual([
      "a → b → a (one cycle of a, b)\n  a → b: src/modules/a/service.ts:1 → ../b\n  b → a: src/modules/b/index.ts:1 → ../a/service",
    ]);
  });

  it("names imports of another unit's internals, lazy ones marked", () => {
    expect(report.internalImports).toEqual([
      "src/modules/b/index.ts:1 → ../a/service",
      "src/modules/c/index.ts:1 → ../a/service (lazy)",
    ]);
  });

  it("names the layer below importing a unit, but not its tests", () => {
    expect(report.forbiddenImports).toEqual(["src/platform/db.ts:1 → ../modules/a"]);
  });
});
