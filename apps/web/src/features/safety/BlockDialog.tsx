import { useState } from "react";
import { ApiError } from "../../lib/api-client";
import { FormAlert } from "../../ui/forms/fields";
import { Modal } from "../../ui/Modal";
import { blockMember } from "./safety-api";

/**
 * Blocking asks first and says what it does (dead end 11): it hides both members
 * from each other at once, so a slip of the finger must not do it silently.
 */
export function BlockDialog({
  member,
  onBlocked,
  onClose,
}: {
  member: { uuid: string; username: string };
  onBlocked(): void;
  onClose(): void;
}) {
  const [blocking, setBlocking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const title = `Block ${member.username}?`;

  const confirm = async () => {
    setBlocking(true);
    setProblem(null);
    try {
      await blockMember(member.uuid);
      onBlocked();
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : "Please try again.");
      setBlocking(false);
    }
  };

  return (
    <Modal label={title} onClose={onClose} variant="sheet">
      <div className="space-y-4 p-6 pb-[max(1.5rem,env(safe-area-inset-bottom))]">
        <h2 className="font-sans text-xl font-semibold tracking-normal text-velvet-900">{title}</h2>
        <p className="text-sm text-ink/80">
          They won't be able to see your profile or message you. You can unblock them in Account settings → Blocked
          members.
        </p>
        {problem ? <FormAlert tone="error">{problem}</FormAlert> : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className="btn-outline" onClick={onClose}>
            Cancel
          </button>
          <button
            type="button"
            className="btn bg-danger text-white hover:brightness-110"
            disabled={blocking}
            onClick={() => void confirm()}
          >
            {blocking ? "Blocking…" : `Block ${member.username}`}
          </button>
        </div>
      </div>
    </Modal>
  );
}
