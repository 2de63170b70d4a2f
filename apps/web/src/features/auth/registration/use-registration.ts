import { makeRegisterRequestSchema } from "@velvet/shared/api/auth";
import { authEndpoints } from "@velvet/shared/contract/auth";
import { todayInTimezone } from "@velvet/shared/validation/age";
import { useMemo, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { ApiError, callEndpoint } from "../../../lib/api-client";
import { clientConfig } from "../../../lib/client-config";
import { useServerForm, useUnplacedServerError } from "../../../lib/use-server-form";
import { useBotCheck } from "../../bot-check";
import { campaignPayload, currentCampaign } from "../../campaign";
import { storeTokenResponse } from "../auth-store";
import { destinationAfterLogin } from "../post-login";

/** The fields of the first, quick step of a two-step form; the rest make the second. */
export const aboutYouFields = ["gender", "seeking", "birthdate"] as const;
export const accountFields = ["username", "email", "password", "password_confirmation", "city", "terms"] as const;
// `altcha`: the bot check shows its own refusal.
const shownFields: readonly string[] = [...aboutYouFields, ...accountFields, "altcha"];

/**
 * Everything a registration form needs, whichever page it sits on (/register
 * and the landers): the shared schema, the request with the visit's campaign,
 * and what follows success (signed in, then where /register sends a member).
 */
export function useRegistration() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [problem, setProblem] = useState<string | null>(null);
  const timeZone = clientConfig().siteTimezone;
  const schema = useMemo(() => makeRegisterRequestSchema(() => todayInTimezone(timeZone)), [timeZone]);
  const form = useServerForm(schema, {
    defaultValues: {
      username: "",
      email: "",
      password: "",
      password_confirmation: "",
      birthdate: "",
      gender: "male",
      seeking: "female",
      city: "",
    },
  });
  const unplaced = useUnplacedServerError(shownFields);
  const botCheck = useBotCheck();

  const submit = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      const response = await botCheck.send((altcha) =>
        callEndpoint(authEndpoints.register, {
          body: { ...values, campaign: campaignPayload(currentCampaign()), altcha },
        }),
      );
      const user = await storeTokenResponse(response);
      navigate(destinationAfterLogin(user, params.get("redirect")), { replace: true });
    } catch (error) {
      // 422s land on their fields through the validation store.
      if (error instanceof ApiError && error.status !== 422) setProblem(error.message);
    }
  });

  return {
    form,
    submit,
    today: todayInTimezone(timeZone),
    alert: problem ?? unplaced ?? null,
    botCheckStatus: botCheck.status,
  };
}

export type Registration = ReturnType<typeof useRegistration>;
