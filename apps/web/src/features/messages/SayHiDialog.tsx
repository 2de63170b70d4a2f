import { useQuery, useQueryClient } from "@tanstack/react-query";
import { MESSAGE_TEXT_MAX } from "@velvet/shared/api/conversations";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { FormAlert } from "../../ui/forms/fields";
import { CloseIcon, CoinIcon } from "../../ui/icons";
import { Modal } from "../../ui/Modal";
import { EmailConfirmationNotice, useAuthStore } from "../auth";
import { applyBalance, balanceLabel, rememberReturnAfterPurchase } from "../credits";
import { offerPushAfterConversationStarts } from "../push";
import { conversationKeys } from "./conversation-keys";
import { fetchCreditPrices, sendMessage } from "./messages-api";
import { newClientId } from "./outbox";
import { creditsText, priceOf } from "./prices";
import { type SendFailure, sendFailure } from "./send-failure";

const OPENERS = ["Hey! How's your week going?", "Your profile made me smile 😊", "What are you up to this weekend?"];

/**
 * "Say hi" from a profile: a first (or next) message that starts the
 * conversation if needed, then opens it. The text stays on any failure, and a
 * retry of the same text reuses its client_id, so it is never charged twice.
 */
export function SayHiDialog({
  profile,
  onClose,
}: {
  profile: { uuid: string; username: string; photoUrl: string };
  onClose(): void;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useAuthStore((state) => state.user);
  const prices = useQuery({ queryKey: conversationKeys.creditPrices, queryFn: fetchCreditPrices, staleTime: 300_000 });
  const [text, setText] = useState("");
  const [clientId, setClientId] = useState(newClientId);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<SendFailure | null>(null);
  const hasPass = user?.has_unli_message ?? false;
  // Sending is refused until the address is confirmed: say so up front rather than fail on "Send".
  const unconfirmed = user !== null && !user.email_verified;
  const price = priceOf(prices.data, "text", hasPass);

  const edit = (next: string) => {
    setText(next);
    // Different words are a different message; the same words again are a retry of the same one.
    if (failure) {
      setFailure(null);
      setClientId(newClientId());
    }
  };

  const send = async () => {
    const message = text.trim();
    if (!message || sending) return;
    setSending(true);
    setFailure(null);
    try {
      const { sender, conversation } = await sendMessage(
        { profileUuid: profile.uuid },
        { type: "text", text: message, client_id: clientId },
      );
      applyBalance(sender);
      void queryClient.invalidateQueries({ queryKey: conversationKeys.lists });
      navigate(`/messages/${conversation}`);
      offerPushAfterConversationStarts();
    } catch (error) {
      const failed = sendFailure(error);
      setFailure(failed);
      setSending(false);
      // The member shown here still looked confirmed: reload them, and the dialog says what to do instead.
      if (failed.needsConfirmedEmail) void useAuthStore.getState().fetchUser();
    }
  };

  return (
    <Modal label={`Say hi to ${profile.username}`} variant="sheet" onClose={onClose}>
      <form
        className="p-5 pb-[max(1.25rem,env(safe-area-inset-bottom))] sm:p-6"
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <div className="flex items-center gap-3">
          <img src={profile.photoUrl} alt="" className="size-12 rounded-full bg-velvet-100 object-cover" />
          <h2 className="flex-1 text-xl font-semibold text-velvet-900">Say hi to {profile.username}</h2>
          <button
            type="button"
            onClick={onClose}
            className="grid size-10 place-items-center rounded-full text-velvet-500 hover:bg-velvet-50"
            aria-label="Close"
          >
            <CloseIcon className="size-5" />
          </button>
        </div>
        <div className="mt-4 flex flex-wrap gap-2">
          {OPENERS.map((opener) => (
            <button
              key={opener}
              type="button"
              onClick={() => edit(opener)}
              className="rounded-pill bg-velvet-50 px-3 py-1.5 text-xs font-medium text-velvet-700 ring-1 ring-velvet-100 transition hover:bg-velvet-100"
            >
              {opener}
            </button>
          ))}
        </div>
        <label className="mt-4 block">
          <span className="sr-only">Your message</span>
          <textarea
            rows={4}
            value={text}
            maxLength={MESSAGE_TEXT_MAX}
            onChange={(event) => edit(event.target.value)}
            placeholder={`Write something to ${profile.username}…`}
            className="block w-full resize-none rounded-2xl border border-velvet-200 bg-cream-50 px-4 py-3 text-base text-ink placeholder:text-muted/70 focus:border-rose-400 focus:bg-white focus:ring-4 focus:ring-rose-100 focus:outline-none"
          />
        </label>
        {unconfirmed ? (
          <EmailConfirmationNotice className="mt-4 rounded-2xl bg-cream-100 p-4 ring-1 ring-rose-300/40" />
        ) : failure ? (
          <div className="mt-3">
            <FormAlert tone="error">
              {failure.message}
              {failure.needsCredits ? (
                <>
                  {" "}
                  <Link
                    to="/credits/buy"
                    onClick={() => rememberReturnAfterPurchase(window.location.pathname)}
                    className="font-semibold underline underline-offset-2"
                  >
                    Buy credits
                  </Link>
                </>
              ) : null}
            </FormAlert>
          </div>
        ) : null}
        <div className="mt-4 flex items-center justify-between gap-3">
          <span className="inline-flex items-center gap-1.5 text-xs text-muted">
            <CoinIcon className="size-4 text-velvet-400" />
            {user ? (hasPass ? "24h pass" : `${balanceLabel(user)} credits`) : null}
            {price !== null ? ` · this message: ${creditsText(price).toLowerCase()}` : null}
          </span>
          <button
            type="submit"
            className="btn-primary shrink-0 whitespace-nowrap"
            disabled={sending || unconfirmed || text.trim() === ""}
          >
            {sending ? "Sending…" : failure && !unconfirmed ? "Try again" : "Send message"}
          </button>
        </div>
      </form>
    </Modal>
  );
}
