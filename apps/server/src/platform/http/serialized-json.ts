import type { FastifyReply } from "fastify";

/**
 * A response serialized by its route's own serializer (in development and
 * tests that also checks it against the response schema), as a string to keep
 * and send again: see sendSerializedJson.
 */
export function serializeForRoute(reply: FastifyReply, payload: unknown): string {
  const serialized = reply.serialize(payload);
  return typeof serialized === "string" ? serialized : Buffer.from(serialized as ArrayBuffer).toString("utf8");
}

/** Sends JSON that serializeForRoute produced, as it is: Fastify serializes only what is not already a string. */
export function sendSerializedJson(reply: FastifyReply, body: string): FastifyReply {
  return reply.type("application/json; charset=utf-8").send(body);
}
