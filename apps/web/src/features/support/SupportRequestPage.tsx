import {
  supportCategories,
  supportCategoryLabels,
  supportLimits,
  ticketReference,
  ZGuestSupportTicketRequestSchema,
  ZSupportTicketRequestSchema,
} from "@velvet/shared/api/support";
import { company } from "@velvet/shared/content/company";
import { useEffect, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { ApiError } from "../../lib/api-client";
import { clientConfig } from "../../lib/client-config";
import { formatCount } from "../../lib/format-count";
import { useServerForm, useUnplacedServerError } from "../../lib/use-server-form";
import { FormAlert, SelectField, SubmitButton, TextAreaField, TextField } from "../../ui/forms/fields";
import { useAuthStore } from "../auth";
import { useBotCheck } from "../bot-check";
import { sendSupportTicket } from "./support-api";
import { type SupportVariant, supportVariantFor } from "./support-variants";

// `altcha`: the bot check shows its own refusal.
const shownFields = ["name", "email", "category", "subject", "message", "altcha"] as const;

const quickAnswers = [
  { label: "Why can't I sign in?", to: "/faq" },
  { label: "What does chatting cost?", to: "/prices" },
  { label: "How do I pay?", to: "/how-to-pay" },
  { label: "Deleting my account", to: "/faq" },
];

function SupportForm({
  variant,
  member,
  onSent,
}: {
  variant: SupportVariant;
  member: boolean;
  onSent: (reference: string) => void;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  // Guests must leave an address for the answer; a member's answer goes to their account's.
  // The guest schema only narrows `email` to required, so its output fits the member form's.
  const schema = member
    ? ZSupportTicketRequestSchema
    : (ZGuestSupportTicketRequestSchema as unknown as typeof ZSupportTicketRequestSchema);
  const form = useServerForm(schema, {
    defaultValues: { category: variant.defaultCategory, subject: "", message: "", source: variant.source },
  });
  const { errors, isSubmitting } = form.formState;
  const unplaced = useUnplacedServerError(shownFields);
  // Every ticket passes the bot check, a member's too: a scripted or stolen account cannot flood the desk.
  const botCheck = useBotCheck();
  const messageLength = form.watch("message")?.length ?? 0;

  const onSubmit = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      const ticket = await botCheck.send((altcha) => sendSupportTicket({ ...values, source: variant.source, altcha }));
      onSent(ticket.uuid);
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) return;
      setProblem(error instanceof ApiError ? error.message : "We couldn't send your message. Please try again.");
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label={variant.heading}>
      {problem || unplaced ? <FormAlert tone="error">{problem ?? unplaced}</FormAlert> : null}
      {member ? (
        <FormAlert tone="info">We'll reply to the email address on your account.</FormAlert>
      ) : (
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label="Your name (optional)"
            autoComplete="name"
            maxLength={supportLimits.nameMax}
            error={errors.name?.message}
            {...form.register("name")}
          />
          <TextField
            label="Your email"
            type="email"
            autoComplete="email"
            required
            hint="We answer here, and send you a confirmation."
            error={errors.email?.message}
            {...form.register("email")}
          />
        </div>
      )}
      <SelectField
        label="What is it about?"
        options={supportCategories.map((key) => ({ value: key, label: supportCategoryLabels[key] }))}
        error={errors.category?.message}
        {...form.register("category")}
      />
      <TextField
        label="Subject"
        required
        maxLength={supportLimits.subjectMax}
        placeholder="A few words about your question"
        error={errors.subject?.message}
        {...form.register("subject")}
      />
      <TextAreaField
        label="Message"
        required
        rows={7}
        maxLength={supportLimits.messageMax}
        placeholder="Tell us what happened, with usernames, dates or payment amounts where they help."
        error={errors.message?.message}
        hint={`${formatCount(messageLength)} / ${formatCount(supportLimits.messageMax)} characters, at least ${supportLimits.messageMin}`}
        {...form.register("message")}
      />
      {botCheck.status}
      <SubmitButton busy={isSubmitting}>{variant.submitLabel}</SubmitButton>
      <p className="text-center text-xs text-muted">
        We use what you send only to answer you. See our{" "}
        <Link to="/privacy" className="underline hover:text-velvet-700">
          privacy policy
        </Link>
        .
      </p>
    </form>
  );
}

function SentState({ reference, member, onAnother }: { reference: string; member: boolean; onAnother: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The form the visitor was in is gone: move focus (and the view) to what replaced it.
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <div className="py-4 text-center" role="status">
      <div className="mx-auto grid size-16 place-items-center rounded-full bg-success/10 text-success">
        <svg
          viewBox="0 0 24 24"
          className="size-8"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
          aria-hidden="true"
        >
          <path d="m5 12.5 4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </div>
      <h2
        ref={heading}
        tabIndex={-1}
        className="mt-5 scroll-mt-24 text-2xl font-semibold text-velvet-900 focus:outline-none"
      >
        Thanks, we've got your message
      </h2>
      <p className="mt-2 text-muted">Your reference is</p>
      <p className="mt-2 inline-block rounded-pill bg-velvet-50 px-5 py-2 font-mono text-xl font-semibold tracking-wider text-velvet-800">
        {reference}
      </p>
      <p className="mx-auto mt-4 max-w-sm text-sm text-muted">
        We've emailed a confirmation {member ? "to the address on your account" : "to you"}. Our team usually answers
        within one working day; please quote the reference if you write again.
      </p>
      <div className="mt-7 flex flex-col justify-center gap-3 sm:flex-row">
        <button type="button" className="btn-outline" onClick={onAnother}>
          Send another message
        </button>
        <Link to="/" className="btn-primary">
          Back to home
        </Link>
      </div>
    </div>
  );
}

function HelpAside({ variant }: { variant: SupportVariant }) {
  const supportEmail = clientConfig().supportEmail;
  return (
    <aside className="space-y-5" aria-label="Other ways to get help">
      <div className="card p-6">
        <h2 className="text-xl font-semibold text-velvet-900">Quick answers</h2>
        <ul className="mt-3 divide-y divide-velvet-100">
          {quickAnswers.map((answer) => (
            <li key={answer.label}>
              <Link
                to={answer.to}
                className="flex items-center justify-between gap-3 py-3 text-sm font-medium text-velvet-700 transition hover:text-rose-600"
              >
                {answer.label}
                <span aria-hidden="true">→</span>
              </Link>
            </li>
          ))}
        </ul>
        <Link to="/faq" className="btn-outline mt-4 w-full">
          All questions and answers
        </Link>
      </div>
      <div className="rounded-card bg-gradient-to-br from-velvet-900 to-velvet-700 p-6 text-white shadow-lift">
        <h2 className="text-xl font-semibold">{variant.source === "helpdesk" ? "Safety first" : "Something wrong?"}</h2>
        <p className="mt-2 text-sm text-velvet-100/85">
          Harassment, a scam or a profile that looks under 18? Report it and our safety team acts on it first.
        </p>
        <Link to="/report-abuse" className="btn-ghost mt-4">
          Report abuse
        </Link>
      </div>
      <div className="px-1 text-sm text-muted">
        <p>
          Email us at{" "}
          <a href={`mailto:${supportEmail}`} className="font-medium break-all text-velvet-600 hover:text-rose-600">
            {supportEmail}
          </a>
        </p>
        <p className="mt-2">
          {company.legalName}, {company.address}
        </p>
      </div>
    </aside>
  );
}

/** /contact, /contact-us, /submit-request and /helpdesk: one support form that creates a ticket. */
export default function SupportRequestPage() {
  const variant = supportVariantFor(useLocation().pathname);
  const member = useAuthStore((state) => state.loggedIn);
  const [reference, setReference] = useState<string | null>(null);
  const [formKey, setFormKey] = useState(0);

  return (
    <div className="page-container py-10 sm:py-14">
      <header className="max-w-2xl">
        <p className="text-xs font-bold tracking-widest text-rose-500 uppercase">{variant.eyebrow}</p>
        <h1 className="mt-2 text-4xl font-semibold text-velvet-900 sm:text-5xl">{variant.heading}</h1>
        <p className="mt-3 text-lg text-muted">{variant.intro}</p>
      </header>
      <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
        <section className="card p-6 sm:p-8" aria-label="Your request">
          {reference ? (
            <SentState
              reference={reference}
              member={member}
              onAnother={() => {
                setReference(null);
                setFormKey((key) => key + 1);
              }}
            />
          ) : (
            <SupportForm
              key={`${member ? "member" : "guest"}-${formKey}`}
              variant={variant}
              member={member}
              onSent={(uuid) => setReference(ticketReference(uuid))}
            />
          )}
        </section>
        <HelpAside variant={variant} />
      </div>
    </div>
  );
}
