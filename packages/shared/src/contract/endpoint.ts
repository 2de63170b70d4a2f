import type { z } from "zod";

/**
 * One endpoint of the API, defined once for both sides: the server registers its
 * route from it (apps/server/src/platform/http/endpoint-route.ts, and so the OpenAPI document),
 * the web app calls it through `callEndpoint` (apps/web/src/lib/api-client.ts). A field renamed
 * in a schema here is a compile error in the handler that returns it and in the page that reads
 * it (contract.typecheck.ts proves both). Why our own and not ts-rest: docs/api.md.
 */

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * Who may call it. It sets the endpoint's OpenAPI security; the route's own guards (onRequest)
 * enforce it, and the server refuses to register a non-public endpoint without one.
 * - none: not even the site key (health checks, the OpenAPI document)
 * - public: anyone sending the site key
 * - optional: anyone; a member's token, when sent, is read (e.g. support tickets)
 * - member: a signed-in member
 * - staff / admin: the consoles' roles
 */
export type EndpointAuth = "none" | "public" | "optional" | "member" | "staff" | "admin";

/** A response schema per status; `null` for a status with no body (204). */
export type EndpointResponses = { readonly [status: number]: z.ZodType | null };

export interface EndpointDefinition {
  readonly method: HttpMethod;
  /** The full Fastify path, with `:name` for each path parameter, e.g. "/api/support-tickets/:uuid". */
  readonly path: string;
  readonly params?: z.ZodObject;
  readonly query?: z.ZodObject;
  readonly body?: z.ZodType;
  readonly responses: EndpointResponses;
  readonly auth: EndpointAuth;
  readonly summary: string;
  readonly tags: readonly string[];
  /** Kept out of the OpenAPI document (e.g. the dev mailbox). */
  readonly hidden?: boolean;
}

/** The `:name` segments of a path, e.g. "uuid" | "id" for "/a/:uuid/b/:id". */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** A path with parameters must declare them, by the same names, in its `params` schema. */
type ParamsMatchPath<E extends EndpointDefinition> = [PathParamNames<E["path"]>] extends [never]
  ? { params?: never }
  : { params: z.ZodObject<{ [K in PathParamNames<E["path"]>]: z.ZodType }> };

/** Defines an endpoint, keeping its literal method, path and schema types for both sides. */
export function defineEndpoint<const E extends EndpointDefinition>(endpoint: E & ParamsMatchPath<E>): E {
  return endpoint;
}

type Schema<E, K extends "params" | "query" | "body"> = E extends { readonly [P in K]: infer S extends z.ZodType }
  ? S
  : undefined;

/** An object with nothing required: what an input may be left as when all of it is optional. */
type Empty = Record<never, never>;

/** What a caller sends: each declared part, required unless every field of it is optional. */
type InputPart<K extends string, S> = S extends z.ZodType
  ? Empty extends z.input<S>
    ? { [P in K]?: z.input<S> }
    : { [P in K]: z.input<S> }
  : { [P in K]?: never };

export type EndpointInput<E extends EndpointDefinition> = InputPart<"params", Schema<E, "params">> &
  InputPart<"query", Schema<E, "query">> &
  InputPart<"body", Schema<E, "body">>;

/** True when the caller may leave the input out altogether. */
export type InputOptional<E extends EndpointDefinition> = Empty extends EndpointInput<E> ? true : false;

type SuccessStatus = 200 | 201 | 202 | 204;

/** The body of a successful answer (any 2xx the endpoint declares); `null` for 204. */
export type EndpointResult<E extends EndpointDefinition> = {
  [S in keyof E["responses"] & SuccessStatus]: E["responses"][S] extends z.ZodType ? z.output<E["responses"][S]> : null;
}[keyof E["responses"] & SuccessStatus];

/** The path with its parameters filled in, each encoded as one segment. */
export function endpointPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}
