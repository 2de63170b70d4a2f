import { ZAltchaChallengeSchema } from "../api/bot-check";
import { defineEndpoint } from "./endpoint";

/** The widget (altcha) fetches its challenge itself, with the site key: no callEndpoint on the web side. */
export const botCheckEndpoints = {
  challenge: defineEndpoint({
    method: "GET",
    path: "/api/bot-check/challenge",
    responses: { 200: ZAltchaChallengeSchema },
    auth: "public",
    tags: ["bot-check"],
    summary:
      "A fresh ALTCHA proof-of-work challenge (v2 format, bare as the widget reads it; valid 10 minutes, usable once)",
  }),
};
