import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

/**
 * The import graph between the units of one folder (server modules, web features), checked for the rules of
 * docs/architecture.md: a unit is used by others only through its `index.ts`, no cycle between units, and
 * the layers below (platform/, lib/) never import the units. Test files must use surfaces too, but make no
 * edges: a test reaching another unit is not a dependency of the code it tests.
 */

export interface SourceFile {
  /** Absolute path. */
  file: string;
  text: string;
}

export interface ImportEdge {
  /** Importing file, relative to the project root, and the 1-based line of the import. */
  from: string;
  line: number;
  specifier: string;
  /** `import("...")`: loaded on demand (a lazy route), not at start. */
  dynamic: boolean;
}

export interface GraphRules {
  /** Absolute folder whose subfolders are the units, e.g. apps/server/src/modules. */
  unitsRoot: string;
  /** Where paths in messages are relative to. */
  projectRoot: string;
  /** Files outside the units that may only use a unit's surface (app wiring), by absolute path prefix. */
  surfaceOnly?: string[];
  /** Files outside the units that must not import any unit (platform/, lib/), by absolute path prefix. */
  forbidden?: string[];
}

export interface GraphReport {
  cycles: string[];
  internalImports: string[];
  forbiddenImports: string[];
}

const sourceExtensions = [".ts", ".tsx"];

export function readSources(folders: string[]): SourceFile[] {
  const out: SourceFile[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      if (entry === "node_modules" || entry.startsWith(".")) continue;
      const full = path.join(dir, entry);
      if (statSync(full).isDirectory()) walk(full);
      else if (sourceExtensions.some((ext) => entry.endsWith(ext)) && !entry.endsWith(".d.ts"))
        out.push({ file: full, text: readFileSync(full, "utf8") });
    }
  };
  for (const folder of folders) walk(folder);
  return out;
}

function importsOf(source: SourceFile, projectRoot: string): ImportEdge[] {
  const info = ts.preProcessFile(source.text, true, true);
  return info.importedFiles.map((ref) => {
    const before = source.text.slice(Math.max(0, ref.pos - 20), ref.pos);
    return {
      from: path.relative(projectRoot, source.file),
      line: source.text.slice(0, ref.pos).split("\n").length,
      specifier: ref.fileName,
      dynamic: /import\(\s*["'`]?$/.test(before),
    };
  });
}

/** The unit a path belongs to and the path inside it, or null outside the units. */
function unitOf(unitsRoot: string, target: string): { unit: string; inner: string } | null {
  const relative = path.relative(unitsRoot, target);
  if (relative.startsWith("..") || path.isAbsolute(relative) || relative === "") return null;
  const [unit, ...rest] = relative.split(path.sep);
  return { unit: unit as string, inner: rest.join("/") };
}

const isSurface = (inner: string) => inner === "" || /^index(\.tsx?)?$/.test(inner);

export function checkGraph(sources: SourceFile[], rules: GraphRules): GraphReport {
  const report: GraphReport = { cycles: [], internalImports: [], forbiddenImports: [] };
  const edges = new Map<string, Map<string, ImportEdge>>();
  for (const source of sources) {
    const fromUnit = unitOf(rules.unitsRoot, source.file);
    const underPrefix = (prefixes: string[] | undefined) => prefixes?.some((p) => source.file.startsWith(p)) ?? false;
    // A test may reach another unit through its surface without making a dependency of the code it tests.
    const isTest = /\.test\.tsx?$/.test(source.file);
    const forbidden = !fromUnit && !isTest && underPrefix(rules.forbidden);
    const surfaceOnly = !fromUnit && underPrefix(rules.surfaceOnly);
    if (!fromUnit && !forbidden && !surfaceOnly) continue;
    for (const edge of importsOf(source, rules.projectRoot)) {
      if (!edge.specifier.startsWith(".")) continue;
      const target = unitOf(rules.unitsRoot, path.resolve(path.dirname(source.file), edge.specifier));
      if (!target || target.unit === fromUnit?.unit) continue;
      const where = `${edge.from}:${edge.line} → ${edge.specifier}${edge.dynamic ? " (lazy)" : ""}`;
      if (forbidden) {
        report.forbiddenImports.push(where);
        continue;
      }
      if (!isSurface(target.inner)) report.internalImports.push(where);
      if (fromUnit && !isTest) {
        const out = edges.get(fromUnit.unit) ?? new Map<string, ImportEdge>();
        if (!out.has(target.unit)) out.set(target.unit, edge);
        edges.set(fromUnit.unit, out);
      }
    }
  }
  for (const component of stronglyConnected(edges)) {
    const cycle = oneCycle(component, edges);
    const steps = cycle.slice(0, -1).map((unit, i) => {
      const edge = edges.get(unit)?.get(cycle[i + 1] as string) as ImportEdge;
      return `  ${unit} → ${cycle[i + 1]}: ${edge.from}:${edge.line} → ${edge.specifier}`;
    });
    report.cycles.push(`${cycle.join(" → ")} (one cycle of ${component.sort().join(", ")})\n${steps.join("\n")}`);
  }
  return report;
}

/** Tarjan's strongly connected components with more than one unit. */
function stronglyConnected(edges: Map<string, Map<string, ImportEdge>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  let next = 0;
  const visit = (unit: string) => {
    index.set(unit, next);
    low.set(unit, next);
    next++;
    stack.push(unit);
    onStack.add(unit);
    for (const target of edges.get(unit)?.keys() ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(unit, Math.min(low.get(unit) as number, low.get(target) as number));
      } else if (onStack.has(target)) low.set(unit, Math.min(low.get(unit) as number, index.get(target) as number));
    }
    if (low.get(unit) === index.get(unit)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        component.push(member);
      } while (member !== unit);
      if (component.length > 1) out.push(component);
    }
  };
  for (const unit of [...edges.keys()].sort()) if (!index.has(unit)) visit(unit);
  return out;
}

/** A shortest cycle through the first unit of a component (breadth-first inside it). */
function oneCycle(component: string[], edges: Map<string, Map<string, ImportEdge>>): string[] {
  const members = new Set(component);
  const start = [...component].sort()[0] as string;
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const unit = queue.shift() as string;
    for (const target of edges.get(unit)?.keys() ?? []) {
      if (!members.has(target)) continue;
      if (target === start) {
        const path = [unit];
        while (path[0] !== start) path.unshift(previous.get(path[0] as string) as string);
        return [...path, start];
      }
      if (!previous.has(target)) {
        previous.set(target, unit);
        queue.push(target);
      }
    }
  }
  return [start, start];
}
