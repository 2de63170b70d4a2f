import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { routeTableModule } from "./contract-route-table";

const contractDir = path.resolve(import.meta.dirname, "../../../packages/shared/src/contract");
const contractFiles = readdirSync(contractDir).filter((file) => file.endsWith(".ts") && file !== "endpoint.ts");

async function importSource(source: string): Promise<Record<string, Record<string, unknown>>> {
  return import(`data:text/javascript;base64,${Buffer.from(source).toString("base64")}`);
}

describe("the production build's contract route table", () => {
  it("finds the contract's endpoint files", () => {
    expect(contractFiles.length).toBeGreaterThan(20);
  });

  for (const file of contractFiles) {
    it(`gives every endpoint of ${file} the method and path the contract defines, and nothing else`, async () => {
      const fileName = path.join(contractDir, file);
      const table = await importSource(routeTableModule(fileName, readFileSync(fileName, "utf8")));
      const contract = (await import(/* @vite-ignore */ fileName)) as Record<string, Record<string, unknown>>;
      expect(Object.keys(table).sort()).toEqual(Object.keys(contract).sort());
      for (const [exportName, endpoints] of Object.entries(contract)) {
        const expected = Object.fromEntries(
          Object.entries(endpoints).map(([name, endpoint]) => {
            const { method, path: routePath } = endpoint as { method: string; path: string };
            return [name, { method, path: routePath }];
          }),
        );
        expect(table[exportName]).toEqual(expected);
      }
    });
  }

  it("refuses a file it cannot read rather than guessing", () => {
    const computed = `import { defineEndpoint } from "./endpoint";
export const xEndpoints = { one: defineEndpoint({ method: "GET", path: \`/api/\${"x"}\` }) };`;
    expect(() => routeTableModule("x.ts", computed)).toThrow("x.ts: one has no literal path");
    const helper = `export function helper() {}`;
    expect(() => routeTableModule("y.ts", helper)).toThrow("y.ts: an export that is not a const");
    const spread = `const base = {}; export const zEndpoints = { ...base };`;
    expect(() => routeTableModule("z.ts", spread)).toThrow("z.ts: a SpreadElement in zEndpoints");
  });
});
