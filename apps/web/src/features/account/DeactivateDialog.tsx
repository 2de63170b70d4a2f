import { useState } from "react";
import { Modal } from "../../ui/Modal";

/** Deactivation asks first and says what it does (dead end 11): a single tap hid the member's profile before. */
export function DeactivateDialog({ onConfirm, onClose }: { onConfirm(): Promise<void>; onClose(): void }) {
  const [working, setWorking] = useState(false);
  return (
    <Modal label="Deactivate your account?" onClose={onClose} variant="sheet">
      <div className="space-y-4 p-6 pb-[max(1.5rem,env(safe-area-inset-bottom))]">
        <h2 className="font-sans text-xl font-semibold tracking-normal text-velvet-900">Deactivate your account?</h2>
        <ul className="list-disc space-y-1 pl-5 text-sm text-ink/80">
          <li>Your profile is hidden: nobody can find you or message you.</li>
          <li>You are signed out on every other device.</li>
          <li>Your messages, photos and credits are kept for when you come back.</li>
        </ul>
        <p className="text-sm text-ink/80">You can reactivate any time by signing in.</p>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className="btn-outline" onClick={onClose}>
            Cancel
          </button>
          <button
            type="button"
            className="btn bg-danger text-white hover:brightness-110"
            disabled={working}
            onClick={() => {
              setWorking(true);
              void onConfirm().finally(() => setWorking(false));
            }}
          >
            {working ? "Deactivating…" : "Deactivate account"}
          </button>
        </div>
      </div>
    </Modal>
  );
}
