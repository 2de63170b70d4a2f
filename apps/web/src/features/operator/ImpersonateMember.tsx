import { useMutation } from "@tanstack/react-query";
import { adminMembersEndpoints } from "@velvet/shared/contract/admin-members";
import { useState } from "react";
import { ApiError, callEndpoint } from "../../lib/api-client";

/**
 * Spec §6: an operator may impersonate a user through an impersonate_token (from the context panel).
 * The server issues a single-use link, valid 5 minutes, and audits it; the member's own session never changes.
 * Opening it here would replace the console's session, so it is copied for a private window instead.
 */
export function ImpersonateMember({ memberUuid, username }: { memberUuid: string; username: string }) {
  const [copied, setCopied] = useState(false);
  const mutation = useMutation({
    mutationFn: () =>
      callEndpoint(adminMembersEndpoints.impersonation, { params: { uuid: memberUuid } }).then(
        (response) => response.data,
      ),
    onSuccess: () => setCopied(false),
  });
  const grant = mutation.data;
  const copy = async () => {
    if (!grant) return;
    try {
      await navigator.clipboard.writeText(grant.url);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  if (!grant) {
    return (
      <div className="space-y-1">
        <button
          type="button"
          disabled={mutation.isPending}
          onClick={() => mutation.mutate()}
          className="w-full rounded-lg px-3 py-1.5 text-xs font-semibold text-velvet-800 ring-1 ring-velvet-200 transition hover:bg-velvet-50 disabled:opacity-50"
        >
          Sign in as {username}…
        </button>
        {mutation.error ? (
          <p role="alert" className="text-xs text-danger">
            {mutation.error instanceof ApiError ? mutation.error.message : "The link could not be made. Try again."}
          </p>
        ) : null}
      </div>
    );
  }
  return (
    <div className="space-y-1.5 rounded-lg bg-cream-100 p-2">
      <label className="block text-[11px] font-semibold text-velvet-900">
        Link to sign in as {username}
        <input
          readOnly
          value={grant.url}
          onFocus={(event) => event.currentTarget.select()}
          className="mt-1 w-full rounded-md border border-velvet-200 bg-white px-2 py-1 font-mono text-[11px] text-ink"
        />
      </label>
      <p className="text-[11px] text-muted">Works once, for 5 minutes. Open it in a private window. Audited.</p>
      <button
        type="button"
        onClick={() => void copy()}
        className="w-full rounded-lg bg-velvet-900 px-3 py-1.5 text-xs font-semibold text-white hover:bg-velvet-800"
      >
        {copied ? "Copied" : "Copy link"}
      </button>
    </div>
  );
}
