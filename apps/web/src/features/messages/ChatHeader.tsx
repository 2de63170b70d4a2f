import type { TConversation } from "@velvet/shared/api/conversations";
import { useState } from "react";
import { Link } from "react-router";
import { FormAlert } from "../../ui/forms/fields";
import { BackIcon, StarIcon } from "../../ui/icons";
import { Modal } from "../../ui/Modal";
import { BlockDialog, ReportForm } from "../safety";
import { Avatar } from "./Avatar";
import { type ConversationAction, ConversationMenu } from "./ConversationMenu";

/** Back to the list, who this is (to their profile), the star, and the menu: report, block, delete. */
export function ChatHeader({
  conversation,
  lastActive,
  typing,
  onToggleStar,
  onDelete,
  onBlocked,
}: {
  conversation: TConversation;
  lastActive: string;
  typing: boolean;
  onToggleStar(): void;
  onDelete(): Promise<void>;
  onBlocked(): void;
}) {
  const { chatmate, star } = conversation;
  const [dialog, setDialog] = useState<ConversationAction | null>(null);
  const [reported, setReported] = useState<string | null>(null);
  const closeDialog = () => {
    setDialog(null);
    setReported(null);
  };
  const [deleting, setDeleting] = useState(false);
  const status = typing ? "typing…" : chatmate.online ? "Online now" : `Active ${lastActive}`;
  const action =
    "grid size-10 place-items-center rounded-full transition hover:bg-velvet-50 disabled:cursor-not-allowed disabled:opacity-50";
  return (
    <header className="flex items-center gap-1 border-b border-velvet-100 bg-white/95 px-2 py-2 backdrop-blur sm:gap-2 sm:px-4">
      <Link to="/messages" className={`${action} text-velvet-700`} aria-label="Back to messages">
        <BackIcon className="size-6" />
      </Link>
      <Link to={`/profile/${chatmate.uuid}`} className="flex min-w-0 flex-1 items-center gap-3 rounded-2xl py-1 pr-2">
        <Avatar party={chatmate} size="md" />
        <div className="min-w-0">
          {/* The page's heading: the person this conversation is with. */}
          <h1 className="truncate font-sans text-base font-semibold tracking-normal text-velvet-900">
            {chatmate.username}
          </h1>
          <span
            className={`block truncate text-xs ${typing || chatmate.online ? "font-medium text-success" : "text-muted"}`}
          >
            {status}
          </span>
        </div>
      </Link>
      <button
        type="button"
        className={`${action} ${star ? "text-amber-400" : "text-velvet-400 hover:text-velvet-700"}`}
        onClick={onToggleStar}
        aria-pressed={star}
        aria-label={star ? "Unstar conversation" : "Star conversation"}
        title={star ? "Starred" : "Star"}
      >
        <StarIcon filled={star} className="size-6" />
      </button>
      <ConversationMenu name={chatmate.username} onChoose={setDialog} />
      {dialog === "block" ? <BlockDialog member={chatmate} onBlocked={onBlocked} onClose={closeDialog} /> : null}
      {dialog === "report" ? (
        <Modal label={`Report ${chatmate.username}`} onClose={closeDialog} variant="sheet">
          <div className="pb-[env(safe-area-inset-bottom)]">
            {reported ? (
              <div className="space-y-4 p-6">
                <FormAlert tone="success">{reported}</FormAlert>
                <button type="button" className="btn-primary w-full" onClick={closeDialog}>
                  Done
                </button>
              </div>
            ) : (
              <ReportForm
                profile={chatmate}
                target={{ kind: "profile" }}
                onSent={setReported}
                onCancel={closeDialog}
                framed={false}
              />
            )}
          </div>
        </Modal>
      ) : null}
      {dialog === "delete" ? (
        <Modal label="Delete this conversation?" onClose={closeDialog}>
          <div className="p-6">
            <h2 className="text-xl font-semibold text-velvet-900">Delete this conversation?</h2>
            <p className="mt-2 text-sm text-muted">
              The messages so far disappear from your inbox. {chatmate.username} keeps their copy, and a new message
              brings the conversation back.
            </p>
            <div className="mt-6 flex justify-end gap-2">
              <button type="button" className="btn-outline" onClick={closeDialog}>
                Cancel
              </button>
              <button
                type="button"
                className="btn bg-danger text-white hover:brightness-110"
                disabled={deleting}
                onClick={() => {
                  setDeleting(true);
                  void onDelete().finally(() => setDeleting(false));
                }}
              >
                {deleting ? "Deleting…" : "Delete"}
              </button>
            </div>
          </div>
        </Modal>
      ) : null}
    </header>
  );
}
