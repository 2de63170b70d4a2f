import { readdirSync, readFileSync, statSync } from "node:fs";
import { builtinModules } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Every package a workspace imports is declared in that workspace's package.json: an import
 * that only resolves because another workspace or the root happened to install it breaks the day that
 * one drops it. Node builtins and our own workspaces (@velvet/*) are exempt; tests and build configs may
 * also use the root's dev tools (vitest, fast-check…).
 */
const repoRoot = path.resolve(import.meta.dirname, "../../..");
const workspaces = ["packages/shared", "apps/server", "apps/web"];
const builtins = new Set(builtinModules);
const importPattern =
  /(?:^|[^.\w])(?:import|export)\s[^;]*?\sfrom\s*["']([^"']+)["']|(?:^|[^.\w])import\s*["']([^"']+)["']|(?:import|require)\(\s*["']([^"']+)["']\s*\)/gm;

function sourceFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    if (name === "node_modules" || name === "dist") return [];
    const full = path.join(directory, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|mts|mjs|js)$/.test(name) ? [full] : [];
  });
}

function packageName(specifier: string): string | null {
  if (specifier.startsWith(".") || specifier.startsWith("/") || specifier.startsWith("node:")) return null;
  if (specifier.startsWith("virtual:")) return null;
  const parts = specifier.split("/");
  const name = specifier.startsWith("@") ? `${parts[0]}/${parts[1]}` : (parts[0] ?? "");
  if (builtins.has(name) || name.startsWith("@velvet/")) return null;
  return name;
}

function declared(packageJson: string): Set<string> {
  const manifest = JSON.parse(readFileSync(packageJson, "utf8")) as Record<string, Record<string, string> | undefined>;
  return new Set(
    ["dependencies", "devDependencies", "peerDependencies", "optionalDependencies"].flatMap((field) =>
      Object.keys(manifest[field] ?? {}),
    ),
  );
}

/** Tests, test helpers and build configuration: they run with the root's dev tools installed. */
function isToolingFile(relative: string): boolean {
  return /\.test\.tsx?$|(^|\/)test\/|\.config\.[mc]?ts$/.test(relative);
}

const rootTools = declared(path.join(repoRoot, "package.json"));

describe("declared imports", () => {
  it.each(workspaces)("%s declares every package it imports", (workspace) => {
    const directory = path.join(repoRoot, workspace);
    const own = declared(path.join(directory, "package.json"));
    const undeclared: string[] = [];
    for (const file of sourceFiles(directory)) {
      const relative = path.relative(directory, file);
      const code = readFileSync(file, "utf8");
      for (const match of code.matchAll(importPattern)) {
        const name = packageName(match[1] ?? match[2] ?? match[3] ?? "");
        if (!name || own.has(name) || (isToolingFile(relative) && rootTools.has(name))) continue;
        undeclared.push(`${relative}: ${name}`);
      }
    }
    expect(undeclared).toEqual([]);
  });
});
