import type { EndpointAuth, EndpointDefinition } from "@velvet/shared/contract/endpoint";
import type {
  ContextConfigDefault,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteOptions,
  RouteShorthandOptions,
} from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";

/** The Fastify schema an endpoint stands for: what types the handler's request and reply. */
export type EndpointSchema<E extends EndpointDefinition> = {
  params: E["params"];
  querystring: E["query"];
  body: E["body"];
  response: E["responses"];
};

/** Fastify's own route options (guards, rate limit, body limit…); the schema comes from the endpoint. */
export type EndpointRouteOptions<E extends EndpointDefinition> = {
  /**
   * The contract's body schema built with server configuration (registration's "today" in the site's
   * timezone): the same type, so the contract still types the request.
   */
  bodySchema?: E["body"];
} & Omit<
  RouteShorthandOptions<
    RawServerDefault,
    RawRequestDefaultExpression,
    RawReplyDefaultExpression,
    RouteGenericInterface,
    ContextConfigDefault,
    EndpointSchema<E>,
    ZodTypeProvider
  >,
  "schema"
>;

export type EndpointHandler<E extends EndpointDefinition> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  EndpointSchema<E>,
  ZodTypeProvider
>;

const withToken = { siteKey: [], bearer: [] };
/** OpenAPI security by who may call; the document's default is the site key alone. */
const securityByAuth: Record<EndpointAuth, Array<Record<string, string[]>>> = {
  none: [],
  public: [{ siteKey: [] }],
  optional: [withToken, { siteKey: [] }],
  member: [withToken],
  staff: [withToken],
  admin: [withToken],
};

/**
 * Registers a shared endpoint (packages/shared/src/contract) as a Fastify route: its params, query,
 * body and responses validate the request and type the handler (a reply that drifts from the
 * contract does not compile), and the OpenAPI document is derived from the same definition.
 * Guards, rate limits and body limits stay Fastify's own options, exactly as on any route.
 */
export function routeEndpoint<E extends EndpointDefinition>(
  app: FastifyInstance,
  endpoint: E,
  options: EndpointRouteOptions<E>,
  handler: EndpointHandler<E>,
): void {
  // A contract that says "signed in" must not be registered without the guard that makes it true.
  if (endpoint.auth !== "public" && endpoint.auth !== "none" && !options.onRequest) {
    throw new Error(`${endpoint.method} ${endpoint.path} is "${endpoint.auth}" but has no onRequest guard`);
  }
  // A bodiless answer (204) has nothing to serialize: Fastify gets no schema for it, as before.
  const response = Object.fromEntries(Object.entries(endpoint.responses).filter(([, schema]) => schema !== null));
  const { bodySchema, ...routeOptions } = options;
  const body = bodySchema ?? endpoint.body;
  app.withTypeProvider<ZodTypeProvider>().route({
    ...routeOptions,
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      tags: [...endpoint.tags],
      summary: endpoint.summary,
      security: securityByAuth[endpoint.auth],
      ...(endpoint.hidden ? { hide: true } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(body ? { body } : {}),
      ...(Object.keys(response).length > 0 ? { response } : {}),
    },
    handler,
  } as RouteOptions);
}
