import { request } from "node:http";
import { describe, expect, inject, it } from "vitest";

const baseUrl = inject("baseUrl");

/** A plain GET with exactly the headers given (fetch would add Accept-Encoding by itself). */
function get(
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; type: string; cacheControl: string; vary: string; body: string }> {
  return new Promise((resolve, reject) => {
    const call = request(`${baseUrl}${path}`, { headers }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk) => {
        body += chunk;
      });
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          type: String(response.headers["content-type"]),
          cacheControl: String(response.headers["cache-control"]),
          vary: String(response.headers.vary),
          body,
        }),
      );
    });
    call.on("error", reject);
    call.end();
  });
}

describe("pages served to any client", () => {
  // Monitors, link previews and some crawlers ask without accepting compressed files.
  for (const path of ["/", "/login", "/faq"]) {
    it(`answers ${path} with the app's HTML to a client that accepts no compression`, async () => {
      const page = await get(path, { Accept: "text/html" });
      expect(page.status).toBe(200);
      expect(page.type).toContain("text/html");
      expect(page.body).toContain('<div id="root">');
    });
  }

  it("answers API paths however they are spelled with the JSON 404, never the app's page", async () => {
    for (const path of ["/%61pi/no-such-thing", "//api/no-such-thing", "/API/no-such-thing", "/%2Fapi/no-such-thing"]) {
      const page = await get(path, { Accept: "text/html" });
      expect(page.status, path).toBe(404);
      expect(page.type, path).toContain("application/json");
    }
  });

  it("sends the home page with its route's chunks preloaded, uncached", async () => {
    const page = await get("/", { Accept: "text/html", "Accept-Encoding": "identity" });
    expect(page.status).toBe(200);
    expect(page.body).toContain('rel="modulepreload"');
    expect(page.cacheControl).toBe("no-cache");
  });

  it("sends the dashboard with its page, the member's navbar and account strip preloaded", async () => {
    const page = await get("/dashboard", { Accept: "text/html", "Accept-Encoding": "identity" });
    expect(page.status).toBe(200);
    const preloaded = [
      ...page.body.matchAll(/rel="modulepreload" crossorigin href="\/assets\/([\w-]+?)-[\w-]+\.js"/g),
    ].map((match) => match[1]);
    expect(preloaded).toEqual(expect.arrayContaining(["DashboardPage", "MemberNavbar", "AccountHeader"]));
    // The modules those share with other pages ride inside them (vite.config.ts, experimentalInlineCommonChunks)
    // rather than each in a file of its own: 17 small files were preloaded here before. Besides the entry's runtime
    // and app shell and the three above, this build (which checks answers) adds the contract's schemas and zod.
    expect(preloaded.length, preloaded.join(", ")).toBeLessThanOrEqual(7);
  });
});

describe("the cookie banner in the page's HTML", () => {
  const choice = (version: number) =>
    encodeURIComponent(
      JSON.stringify({ version, statistics: false, marketing: true, decided_at: "2026-11-01T00:00:00Z" }),
    );
  const prerendered = 'id="consent-banner-prerendered"';

  it("is in the page of a visitor who has not chosen, on every page, with its buttons and the privacy link", async () => {
    for (const path of ["/", "/dashboard", "/faq", "/no/such/page"]) {
      const page = await get(path, { Accept: "text/html" });
      expect(page.status, path).toBe(200);
      expect(page.body, path).toContain(prerendered);
      expect(page.vary, path).toContain("Cookie");
    }
    const page = await get("/login", { Accept: "text/html" });
    const banner = page.body.slice(page.body.indexOf(prerendered));
    for (const text of [
      "Your privacy, your choice",
      ">Choose</button>",
      ">Essential only</button>",
      ">Accept all</button>",
    ])
      expect(banner).toContain(text);
    expect(banner).toContain('href="/privacy"');
    // After the app's root, so React's first render leaves it until the app's own banner takes its place.
    expect(page.body.indexOf(prerendered)).toBeGreaterThan(page.body.indexOf('<div id="root">'));
  });

  it("is left out once the visitor's choice is in the consent cookie, and asked again for an older version", async () => {
    const chosen = await get("/", { Accept: "text/html", Cookie: `consent=${choice(1)}` });
    expect(chosen.body).toContain('<div id="root">');
    expect(chosen.body).not.toContain(prerendered);
    for (const cookie of [`consent=${choice(0)}`, "consent=not-json", "other=1"]) {
      const page = await get("/", { Accept: "text/html", Cookie: cookie });
      expect(page.body, cookie).toContain(prerendered);
    }
  });
});
