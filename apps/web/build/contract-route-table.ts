import path from "node:path";
import { type Plugin, parseSync } from "vite";

/**
 * The shared contract's endpoint files (packages/shared/src/contract/*.ts, not endpoint.ts itself) as the
 * route table a production build needs: each endpoint reduced to its method and path.
 *
 * Why: a production build does not check the server's answers (api-client.ts `checkResponses`), so the
 * web app reads nothing of an endpoint but where to send the request. Yet each contract file imports the
 * zod schemas of its requests and answers, and building them at import pulls zod (25 KB gzipped) into every
 * page that calls the API, the signed-in dashboard's first load included. The builds that do
 * check answers (development, unit tests, the end-to-end build with VITE_CHECK_API_RESPONSES=1) keep the
 * files as they are. A file of another shape fails the build rather than shipping a guess.
 */

const CONTRACT_FILE = /[\\/]packages[\\/]shared[\\/]src[\\/]contract[\\/](?!endpoint\.ts$)[^\\/]+\.ts$/;

interface Node {
  type: string;
  [key: string]: unknown;
}

function fail(fileName: string, message: string): never {
  throw new Error(
    `${path.basename(fileName)}: ${message} (build/contract-route-table.ts only reads \`export const xEndpoints = { name: defineEndpoint({ method: "…", path: "…", … }) }\`)`,
  );
}

function propertyName(property: Node, fileName: string): string {
  const key = property.key as Node;
  if (property.computed) fail(fileName, "a computed key");
  if (key.type === "Identifier") return key.name as string;
  if (key.type === "Literal" && typeof key.value === "string") return key.value;
  return fail(fileName, `a key of type ${key.type}`);
}

function stringProperty(definition: Node, name: string, fileName: string, endpoint: string): string {
  const property = (definition.properties as Node[]).find(
    (item) => item.type === "Property" && propertyName(item, fileName) === name,
  );
  const value = property?.value as Node | undefined;
  if (value?.type === "Literal" && typeof value.value === "string") return value.value;
  return fail(fileName, `${endpoint} has no literal ${name}`);
}

/** The route table module for one contract file's source (TypeScript), or an error naming what it could not read. */
export function routeTableModule(fileName: string, source: string): string {
  const { program, errors } = parseSync(fileName, source, { lang: "ts", sourceType: "module" });
  if (errors.length > 0) fail(fileName, `does not parse: ${errors[0]?.message}`);
  const exported: string[] = [];
  for (const statement of program.body as unknown as Node[]) {
    // Imports and the file's own schemas serve only the parts of an endpoint left out here.
    if (statement.type === "ImportDeclaration") continue;
    if (statement.type === "VariableDeclaration" && statement.kind === "const") continue;
    if (statement.type !== "ExportNamedDeclaration") fail(fileName, `a top-level ${statement.type}`);
    const declaration = statement.declaration as Node | null;
    // Types are erased by the build anyway.
    if (declaration?.type === "TSTypeAliasDeclaration" || declaration?.type === "TSInterfaceDeclaration") continue;
    if (declaration?.type !== "VariableDeclaration" || declaration.kind !== "const") {
      fail(fileName, "an export that is not a const");
    }
    for (const declarator of declaration.declarations as Node[]) {
      const id = declarator.id as Node;
      const table = declarator.init as Node | null;
      if (id.type !== "Identifier" || table?.type !== "ObjectExpression")
        fail(fileName, "an export that is not an object");
      const routes: string[] = [];
      for (const property of table.properties as Node[]) {
        if (property.type !== "Property") fail(fileName, `a ${property.type} in ${id.name}`);
        const endpoint = propertyName(property, fileName);
        const call = property.value as Node;
        const callee = call.callee as Node | undefined;
        const definition = (call.arguments as Node[] | undefined)?.[0];
        if (call.type !== "CallExpression" || callee?.type !== "Identifier" || callee.name !== "defineEndpoint") {
          fail(fileName, `${endpoint} is not a defineEndpoint call`);
        }
        if (definition?.type !== "ObjectExpression") fail(fileName, `${endpoint} is not defined by an object`);
        const method = stringProperty(definition, "method", fileName, endpoint);
        const routePath = stringProperty(definition, "path", fileName, endpoint);
        routes.push(
          `${JSON.stringify(endpoint)}: { method: ${JSON.stringify(method)}, path: ${JSON.stringify(routePath)} }`,
        );
      }
      exported.push(`export const ${id.name as string} = {\n  ${routes.join(",\n  ")},\n};`);
    }
  }
  if (exported.length === 0) fail(fileName, "exports no endpoints");
  return `${exported.join("\n")}\n`;
}

/** The Vite plugin: on in a production build that does not check the API's answers. */
export function contractRouteTable(checksResponses: boolean): Plugin {
  return {
    name: "velvet:contract-route-table",
    apply: "build",
    // Before TypeScript is stripped: the source is read as written.
    enforce: "pre",
    transform(source, id) {
      if (checksResponses || !CONTRACT_FILE.test(id)) return null;
      try {
        return { code: routeTableModule(id, source), map: null };
      } catch (error) {
        return this.error((error as Error).message);
      }
    },
  };
}
