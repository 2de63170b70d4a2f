import { Modal } from "../../ui/Modal";
import { useDeskSettings } from "./desk-settings";

/** Every key of the desk, as the help overlay lists them. */
export const deskKeys: ReadonlyArray<{ keys: string[]; action: string }> = [
  { keys: ["Alt", "N"], action: "Take the next waiting conversation" },
  { keys: ["Enter"], action: "Send the reply" },
  { keys: ["Shift", "Enter"], action: "New line in the reply" },
  { keys: ["/"], action: "Templates (type the short code, Tab or Enter to insert)" },
  { keys: ["Alt", "K"], action: "Keep the conversation after sending (on or off)" },
  { keys: ["Alt", "R"], action: "Release the conversation" },
  { keys: ["Alt", "O"], action: "Add a note about the member" },
  { keys: ["Alt", "M"], action: "Jump to the member's details and history" },
  { keys: ["Esc"], action: "Back to the reply box" },
  { keys: ["?"], action: "This list (Alt+/ from the reply box)" },
];

function Switch({ label, checked, onChange }: { label: string; checked: boolean; onChange(value: boolean): void }) {
  return (
    <label className="flex items-center justify-between gap-4 py-1.5 text-sm">
      <span>{label}</span>
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="size-4 accent-rose-600"
      />
    </label>
  );
}

/** The help overlay: the keys, and the desk's switches (sound, tab title, moving on after a reply). */
export function KeyHelp({ open, onClose }: { open: boolean; onClose(): void }) {
  const settings = useDeskSettings();
  if (!open) return null;
  return (
    <Modal label="Keyboard shortcuts" onClose={onClose} variant="sheet">
      <div className="p-5">
        <h2 className="font-display text-xl font-semibold text-velvet-900">Keyboard shortcuts</h2>
        <dl className="mt-3 divide-y divide-velvet-100 text-sm">
          {deskKeys.map((row) => (
            <div key={row.action} className="flex items-center justify-between gap-4 py-1.5">
              <dt className="flex shrink-0 gap-1">
                {row.keys.map((key) => (
                  <kbd
                    key={key}
                    className="rounded-md bg-cream-100 px-1.5 py-0.5 font-mono text-xs font-semibold ring-1 ring-velvet-100"
                  >
                    {key}
                  </kbd>
                ))}
              </dt>
              <dd className="text-right text-muted">{row.action}</dd>
            </div>
          ))}
        </dl>
        <h3 className="mt-4 text-xs font-semibold tracking-wide text-muted uppercase">Desk settings</h3>
        <div className="mt-1 divide-y divide-velvet-100">
          <Switch
            label="Sound when someone starts waiting or writes again"
            checked={settings.sound}
            onChange={(sound) => settings.set({ sound })}
          />
          <Switch
            label="Waiting count in the tab title"
            checked={settings.titleAlert}
            onChange={(titleAlert) => settings.set({ titleAlert })}
          />
          <Switch
            label="Move to the next conversation after a reply"
            checked={settings.autoAdvance}
            onChange={(autoAdvance) => settings.set({ autoAdvance })}
          />
        </div>
        <button type="button" onClick={onClose} className="btn-primary mt-4 w-full">
          Done
        </button>
      </div>
    </Modal>
  );
}
