/**
 * Compiled by `npm run typecheck`, never run: proves web code cannot drift from an endpoint's
 * contract. Each `@ts-expect-error` marks a line that must not compile; if the typing ever loosens
 * (say answers become `any`), the directive is unused and the typecheck fails instead.
 */
import { supportEndpoints } from "@velvet/shared/contract/support";
import { callEndpoint } from "./api-client";

const ticket = { subject: "Help", category: "other", message: "I cannot sign in." } as const;

export async function contractFixtures(): Promise<void> {
  // Reading the answer as the contract has it compiles.
  const { data } = await callEndpoint(supportEndpoints.createTicket, { body: ticket });
  void data.created_at;

  // @ts-expect-error a field renamed in the contract (created_at → createdAt) fails where the page reads it
  void data.createdAt;

  // @ts-expect-error the body is required, and must be the contract's
  await callEndpoint(supportEndpoints.createTicket);
  // @ts-expect-error `title` is not a field of the request
  await callEndpoint(supportEndpoints.createTicket, { body: { ...ticket, title: "Help" } });
}
