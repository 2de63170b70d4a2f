import { existsSync, readFileSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { serverDir } from "../paths";
import type { FileStorage } from "../storage/storage";
import { AppError } from "./app-error";

export const webDistDir = path.resolve(serverDir, "../web/dist");

/** Paths the single-page app never owns: they answer JSON 404 instead of the app's HTML. */
const NON_SPA_PREFIXES = ["/api/", "/app/", "/apps/", "/media/", "/media-private/", "/dev/", "/test-gateway/"];

/**
 * Serves the production build of the web app: hashed assets cached for a year,
 * index.html never cached, and index.html for every other GET so the browser
 * router can show the page (or its own 404).
 */
export async function registerWebApp(app: FastifyInstance, options: { storage: FileStorage }): Promise<void> {
  await servePublicPhotos(app, options.storage);

  const hasBuild = existsSync(path.join(webDistDir, "index.html"));
  const pageHtml = hasBuild ? pageHtmlByPath() : new Map<string, string>();
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      prefix: "/",
      // "/" is a page like the others: the not-found handler below sends it with its preloads.
      index: false,
      wildcard: true,
      schemaHide: true,
      // The build writes .br and .gz beside each asset: sent to browsers that accept them, never compressed per request.
      preCompressed: true,
      // Our setHeaders decides caching: hashed assets forever, everything else revalidated.
      cacheControl: false,
      setHeaders: (response, filePath) => {
        const cacheable = filePath.includes(`${path.sep}assets${path.sep}`);
        response.setHeader("Cache-Control", cacheable ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  }

  const sendPage = (pathname: string, reply: FastifyReply) => {
    reply.header("Cache-Control", "no-cache");
    const html = pageHtml.get(pathname);
    if (html) return reply.type("text/html; charset=utf-8").send(html);
    return reply.sendFile("index.html", webDistDir);
  };

  if (hasBuild) {
    // The home page has a route of its own: the static files' wildcard would otherwise take "/" as the build
    // folder, which only resolves for a client that accepts compressed files (others got a 400).
    app.get("/", { schema: { hide: true } }, (_request, reply) => sendPage("/", reply));
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const canonical = canonicalPath(request.url);
    const wantsPage = request.method === "GET" || request.method === "HEAD";
    if (!hasBuild || !wantsPage || !canonical || NON_SPA_PREFIXES.some((prefix) => canonical.startsWith(prefix))) {
      throw new AppError("not_found");
    }
    return sendPage(request.url.split("?")[0] ?? "/", reply);
  });
}

/** Approved photos, the only public files: everything under private/ goes through signed URLs. */
async function servePublicPhotos(app: FastifyInstance, storage: FileStorage): Promise<void> {
  if (storage.localRoot) {
    await mkdir(path.join(storage.localRoot, "photos"), { recursive: true });
    await app.register(fastifyStatic, {
      root: path.join(storage.localRoot, "photos"),
      prefix: "/media/photos/",
      decorateReply: false,
      index: false,
      maxAge: "30d",
      immutable: true,
      schemaHide: true,
    });
    return;
  }
  // Object storage without a public address (S3_PUBLIC_URL) in front: read through the app, from the shared bucket.
  app.get<{ Params: { "*": string } }>("/media/photos/*", { schema: { hide: true } }, async (request, reply) => {
    const name = request.params["*"];
    if (!PUBLIC_PHOTO_NAME.test(name)) throw new AppError("not_found");
    const file = await storage.get(`photos/${name}`);
    if (!file) throw new AppError("not_found");
    return reply.header("Cache-Control", "public, max-age=2592000, immutable").type("image/webp").send(file);
  });
}

const PUBLIC_PHOTO_NAME = /^[0-9a-f-]{36}-(large|medium|thumb)\.webp$/;

/**
 * The path with every way of spelling it differently taken out (an absolute-form request line, dot
 * segments plain or escaped, percent-escapes, doubled slashes, capitals), so `/%61pi/x`, `//API/x` and
 * `/api/%2e%2e/api/x` all count as API paths and answer the JSON 404, not the app's page. Undefined
 * when the escapes do not decode.
 */
function canonicalPath(url: string): string | undefined {
  try {
    // An origin-form path is put after a base by hand: as a relative URL, "//api/x" would name a host "api".
    const { pathname } = new URL(url.startsWith("/") ? `http://localhost${url}` : url);
    return decodeURIComponent(pathname)
      .replace(/\/{2,}/g, "/")
      .toLowerCase();
  } catch {
    return undefined;
  }
}

/**
 * index.html for the pages most first visits open, with their route's chunks as modulepreload links
 * (the build lists them in first-load-preloads.json, see apps/web/vite.config.ts).
 */
function pageHtmlByPath(): Map<string, string> {
  const manifestFile = path.join(webDistDir, "first-load-preloads.json");
  if (!existsSync(manifestFile)) return new Map();
  const indexHtml = readFileSync(path.join(webDistDir, "index.html"), "utf8");
  const preloads = JSON.parse(readFileSync(manifestFile, "utf8")) as Record<string, string[]>;
  return new Map(
    Object.entries(preloads).map(([pathname, files]) => {
      const links = files.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`).join("");
      return [pathname, indexHtml.replace("</head>", `${links}</head>`)];
    }),
  );
}
