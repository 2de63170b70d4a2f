import { defineEndpoint } from "@velvet/shared/contract/endpoint";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { ApiError, callEndpoint } from "./api-client";

const starEndpoint = defineEndpoint({
  method: "PUT",
  path: "/api/things/:uuid/star",
  params: z.object({ uuid: z.string() }),
  query: z.object({ page: z.number().optional() }),
  body: z.object({ note: z.string() }),
  responses: { 200: z.object({ data: z.object({ starred: z.boolean() }) }), 204: null },
  auth: "member",
  tags: ["test"],
  summary: "A test endpoint",
});

function respond(status: number, body: unknown) {
  return vi.fn(async () => new Response(body === null ? null : JSON.stringify(body), { status }));
}

describe("callEndpoint", () => {
  beforeEach(() => {
    vi.stubGlobal("window", {
      location: { pathname: "/dashboard" },
      localStorage: { getItem: () => null, setItem: () => {}, removeItem: () => {} },
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("fills and encodes the path parameters, sends the query and body, and returns the checked answer", async () => {
    const fetchMock = respond(200, { data: { starred: true } });
    vi.stubGlobal("fetch", fetchMock);
    const answer = await callEndpoint(starEndpoint, {
      params: { uuid: "a/b c" },
      query: { page: 2 },
      body: { note: "x" },
    });
    expect(answer).toEqual({ data: { starred: true } });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/things/a%2Fb%20c/star?page=2");
    expect(init.method).toBe("PUT");
    expect(init.body).toBe(JSON.stringify({ note: "x" }));
  });

  it("answers null for a declared 204", async () => {
    vi.stubGlobal("fetch", respond(204, null));
    await expect(callEndpoint(starEndpoint, { params: { uuid: "u" }, body: { note: "x" } })).resolves.toBeNull();
  });

  it("fails loudly, outside production, on an answer that does not match the contract", async () => {
    vi.stubGlobal("fetch", respond(200, { data: { isStarred: true } }));
    await expect(callEndpoint(starEndpoint, { params: { uuid: "u" }, body: { note: "x" } })).rejects.toThrow(
      "The answer of PUT /api/things/:uuid/star does not match its contract",
    );
    vi.stubGlobal("fetch", respond(201, { data: { starred: true } }));
    await expect(callEndpoint(starEndpoint, { params: { uuid: "u" }, body: { note: "x" } })).rejects.toThrow(
      "answered 201, which its contract does not declare",
    );
  });

  it("still raises the API's errors as ApiError", async () => {
    vi.stubGlobal("fetch", respond(404, { message: "Not found." }));
    const failure = await callEndpoint(starEndpoint, { params: { uuid: "u" }, body: { note: "x" } }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(404);
  });
});
