import { reportReasons, ZReportRequestSchema } from "@velvet/shared/api/reports";
import { reportEndpoints } from "@velvet/shared/contract/reports";
import { useState } from "react";
import { ApiError, callEndpoint } from "../../lib/api-client";
import { useServerForm, useUnplacedServerError } from "../../lib/use-server-form";
import { FormAlert, SelectField, SubmitButton, TextField } from "../../ui/forms/fields";
import { useAuthStore } from "../auth";
import { useBotCheck } from "../bot-check";

/** Anyone can report abuse here; guests leave an email for the acknowledgement. */
export default function ReportAbusePage() {
  const loggedIn = useAuthStore((state) => state.loggedIn);
  const [done, setDone] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useServerForm(ZReportRequestSchema, { defaultValues: { reason: "harassment", details: "" } });
  const { errors, isSubmitting } = form.formState;
  // `altcha`: the bot check shows its own refusal.
  const unplaced = useUnplacedServerError(["reason", "details", "email", "altcha"]);
  // Members passed it at registration.
  const botCheck = useBotCheck({ enabled: !loggedIn });

  const onSubmit = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      const { message } = await botCheck.send((altcha) =>
        callEndpoint(reportEndpoints.create, { body: { ...values, altcha } }),
      );
      setDone(message);
    } catch (error) {
      if (error instanceof ApiError && error.status !== 422) setProblem(error.message);
    }
  });

  return (
    <div className="page-container max-w-2xl py-10">
      <h1 className="text-3xl font-semibold text-velvet-900 sm:text-4xl">Report abuse</h1>
      <p className="mt-2 text-muted">
        Tell us about harassment, scams, fake or underage profiles, or anything that breaks our rules. Every report is
        read by our safety team; suspected exploitation is passed to the authorities.
      </p>
      <div className="card mt-6 p-6 sm:p-8">
        {done ? (
          <FormAlert tone="success">{done}</FormAlert>
        ) : (
          <form onSubmit={onSubmit} noValidate className="space-y-5">
            {problem || unplaced ? <FormAlert tone="error">{problem ?? unplaced}</FormAlert> : null}
            <SelectField
              label="What is it about?"
              options={reportReasons.map((reason) => ({ value: reason.key, label: reason.label }))}
              error={errors.reason?.message}
              {...form.register("reason")}
            />
            <div className="space-y-1.5">
              <label htmlFor="report-details" className="block text-sm font-semibold text-velvet-900">
                Details
              </label>
              <textarea
                id="report-details"
                rows={5}
                maxLength={2000}
                placeholder="Usernames, what happened and when"
                className="block w-full rounded-xl border border-velvet-200 bg-white px-4 py-3 text-base focus:border-rose-400 focus:outline-none"
                {...form.register("details")}
              />
            </div>
            {loggedIn ? null : (
              <TextField
                label="Your email"
                type="email"
                autoComplete="email"
                hint="We send you a confirmation, nothing else."
                error={errors.email?.message}
                {...form.register("email")}
              />
            )}
            {botCheck.status}
            <SubmitButton busy={isSubmitting}>Send report</SubmitButton>
          </form>
        )}
      </div>
    </div>
  );
}
