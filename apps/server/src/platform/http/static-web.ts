import { existsSync, readFileSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import type {} from "@fastify/cookie";
import fastifyStatic from "@fastify/static";
import { CONSENT_COOKIE, parseConsentChoice } from "@velvet/shared/consent/consent-choice";
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
  const pages = hasBuild ? appPages() : undefined;
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

  const sendPage = (request: FastifyRequest, reply: FastifyReply) => {
    if (!pages) throw new AppError("not_found");
    const page = pages.byPath.get(request.url.split("?")[0] ?? "/") ?? pages.other;
    const chosen = parseConsentChoice(request.cookies[CONSENT_COOKIE]) !== null;
    return reply
      .header("Cache-Control", "no-cache")
      .header("Vary", "Cookie")
      .type("text/html; charset=utf-8")
      .send(chosen ? page.withoutBanner : page.withBanner);
  };

  if (hasBuild) {
    // The home page has a route of its own: the static files' wildcard would otherwise take "/" as the build
    // folder, which only resolves for a client that accepts compressed files (others got a 400).
    app.get("/", { schema: { hide: true } }, sendPage);
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const canonical = canonicalPath(request.url);
    const wantsPage = request.method === "GET" || request.method === "HEAD";
    if (!hasBuild || !wantsPage || !canonical || NON_SPA_PREFIXES.some((prefix) => canonical.startsWith(prefix))) {
      throw new AppError("not_found");
    }
    return sendPage(request, reply);
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

interface AppPage {
  withBanner: string;
  withoutBanner: string;
}

/**
 * index.html for each path, in two forms:
 * - the pages most first visits open carry their route's chunks as modulepreload links (the build lists them in
 *   first-load-preloads.json, see apps/web/vite.config.ts); every other path gets the bare page;
 * - a visitor without a cookie choice (no valid consent cookie) gets the cookie banner in the HTML, rendered by the
 *   build from its own component (apps/web/build/prerendered-consent-banner.ts), so it paints with the page instead
 *   of after the scripts: on a first visit it is often the largest thing on screen. The app's banner
 *   takes its place when it mounts.
 */
function appPages(): { byPath: Map<string, AppPage>; other: AppPage } {
  const indexHtml = readFileSync(path.join(webDistDir, "index.html"), "utf8");
  const bannerFile = path.join(webDistDir, "consent-banner.html");
  const banner = existsSync(bannerFile) ? readFileSync(bannerFile, "utf8") : "";
  const manifestFile = path.join(webDistDir, "first-load-preloads.json");
  const preloads = existsSync(manifestFile)
    ? (JSON.parse(readFileSync(manifestFile, "utf8")) as Record<string, string[]>)
    : {};
  const page = (files: string[]): AppPage => {
    const links = files.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`).join("");
    const withoutBanner = indexHtml.replace("</head>", `${links}</head>`);
    return { withoutBanner, withBanner: withoutBanner.replace("</body>", `${banner}</body>`) };
  };
  return {
    byPath: new Map(Object.entries(preloads).map(([pathname, files]) => [pathname, page(files)])),
    other: page([]),
  };
}
