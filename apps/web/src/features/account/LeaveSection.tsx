import { deletionOfferCredits } from "@velvet/shared/constants/promotions";
import { accountEndpoints } from "@velvet/shared/contract/accounts";
import { useState } from "react";
import { ApiError, callEndpoint } from "../../lib/api-client";
import { readAccessToken, writeAccessToken } from "../../lib/auth-storage";
import { FormAlert, TextField } from "../../ui/forms/fields";
import { useAuthStore } from "../auth";
import { claimDeletionOffer } from "../promotions";
import { useRealtimeStore } from "../realtime";
import { DeactivateDialog } from "./DeactivateDialog";

/** Download my data, deactivate, delete. */
export function LeaveSection({ impersonated }: { impersonated: boolean }) {
  const [problem, setProblem] = useState<string | null>(null);
  const [password, setPassword] = useState("");
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [confirmDeactivate, setConfirmDeactivate] = useState(false);
  const [offerOpen, setOfferOpen] = useState(false);
  const [stayed, setStayed] = useState<string | null>(null);
  const hasOffer = useAuthStore((state) => state.user?.has_account_deletion_promo ?? false);

  /** Starting to delete: a member who has not had it yet is first offered free credits to stay (once). */
  const startDelete = () => {
    if (hasOffer) setOfferOpen(true);
    else setConfirmDelete(true);
  };

  const takeOffer = async () => {
    setProblem(null);
    try {
      const offer = await claimDeletionOffer();
      setOfferOpen(false);
      setStayed(`${offer.credits} free credits are in your balance. We're glad you're staying!`);
      await useAuthStore.getState().fetchUser();
    } catch (error) {
      setOfferOpen(false);
      setProblem(error instanceof ApiError ? error.message : "Please try again.");
    }
  };

  const download = async () => {
    setProblem(null);
    // A plain link cannot carry the bearer token, so fetch the file and hand it to the browser.
    const response = await fetch("/api/account/export", {
      headers: { "X-Site-Key": __SITE_KEY__, Authorization: `Bearer ${readAccessToken() ?? ""}` },
    });
    if (!response.ok) {
      setProblem("The download failed. Please try again.");
      return;
    }
    const url = URL.createObjectURL(await response.blob());
    const link = document.createElement("a");
    link.href = url;
    link.download = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? "my-data.zip";
    link.click();
    URL.revokeObjectURL(url);
  };

  const deactivate = async () => {
    setProblem(null);
    // This tab's live connection goes first, and none opens meanwhile (not even one whose code is still loading):
    // deactivating closes the member's sockets from the server and confines the token, and pusher-js, connected
    // or connecting in that moment, sent into the closing socket ("WebSocket is already in CLOSING or CLOSED
    // state", twice in CI). It comes back only if deactivating fails.
    useRealtimeStore.getState().pause();
    try {
      const { data } = await callEndpoint(accountEndpoints.deactivate);
      // Stored for the next page only: handing the confined token to this page's live parts would have its
      // real-time client authorise the member's channels again and be refused (403) before the page is left.
      writeAccessToken(data.access_token);
      window.location.assign("/deactivated");
    } catch (error) {
      useRealtimeStore.getState().resume();
      setConfirmDeactivate(false);
      setProblem(error instanceof ApiError ? error.message : "Please try again.");
    }
  };

  const remove = async () => {
    setProblem(null);
    setPasswordError(undefined);
    try {
      await callEndpoint(accountEndpoints.deleteAccount, { body: { password } });
      useAuthStore.getState().clear();
      window.location.assign("/");
    } catch (error) {
      if (error instanceof ApiError && error.errors.password?.[0]) setPasswordError(error.errors.password[0]);
      else setProblem(error instanceof ApiError ? error.message : "Please try again.");
    }
  };

  return (
    <div className="space-y-6">
      {problem ? <FormAlert tone="error">{problem}</FormAlert> : null}
      <div>
        <h3 className="font-semibold text-velvet-900">Your data</h3>
        <p className="mt-1 text-sm text-muted">Everything we hold about you, with your photos, as one ZIP file.</p>
        <button type="button" className="btn-outline mt-3" disabled={impersonated} onClick={() => void download()}>
          Download my data
        </button>
      </div>
      <div>
        <h3 className="font-semibold text-velvet-900">Take a break</h3>
        <p className="mt-1 text-sm text-muted">Hide your profile until you come back. You can reactivate any time.</p>
        <button
          type="button"
          className="btn-outline mt-3"
          disabled={impersonated}
          onClick={() => setConfirmDeactivate(true)}
        >
          Deactivate account
        </button>
        {confirmDeactivate ? (
          <DeactivateDialog onConfirm={deactivate} onClose={() => setConfirmDeactivate(false)} />
        ) : null}
      </div>
      <div className="rounded-xl border border-danger/30 bg-danger/5 p-4">
        <h3 className="font-semibold text-rose-700">Delete account</h3>
        <p className="mt-1 text-sm text-ink/75">
          Your profile, photos and personal details are removed for good. Unused credits are lost.
        </p>
        {stayed ? (
          <div className="mt-4">
            <FormAlert tone="success">{stayed}</FormAlert>
          </div>
        ) : null}
        {offerOpen ? (
          <section
            aria-label="An offer before you go"
            className="mt-4 overflow-hidden rounded-2xl bg-gradient-to-br from-velvet-900 via-velvet-800 to-rose-600 p-5 text-white shadow-lift"
          >
            <p className="text-xs font-bold tracking-widest text-rose-200 uppercase">Before you go</p>
            <p className="mt-1 font-display text-2xl font-semibold">{deletionOfferCredits} free credits, on us</p>
            <p className="mt-1 text-sm text-velvet-50/90">
              Stay a little longer and chat for free. The credits are yours straight away; this offer comes once.
            </p>
            <div className="mt-4 flex flex-col gap-2 sm:flex-row">
              <button type="button" className="btn-primary" onClick={() => void takeOffer()}>
                Take {deletionOfferCredits} free credits
              </button>
              <button
                type="button"
                className="btn-ghost"
                onClick={() => {
                  setOfferOpen(false);
                  setConfirmDelete(true);
                }}
              >
                No thanks, delete my account
              </button>
            </div>
          </section>
        ) : confirmDelete ? (
          <div className="mt-4 space-y-3">
            <TextField
              label="Confirm with your password"
              type="password"
              autoComplete="current-password"
              value={password}
              error={passwordError}
              onChange={(event) => setPassword(event.target.value)}
            />
            <button
              type="button"
              className="btn w-full bg-danger text-white hover:brightness-110"
              disabled={!password || impersonated}
              onClick={() => void remove()}
            >
              Delete my account permanently
            </button>
          </div>
        ) : (
          <button
            type="button"
            className="btn mt-3 border border-danger/40 text-rose-700 hover:bg-danger/10"
            disabled={impersonated}
            onClick={startDelete}
          >
            Delete account
          </button>
        )}
      </div>
    </div>
  );
}
