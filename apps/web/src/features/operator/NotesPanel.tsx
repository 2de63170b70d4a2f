import { noteCategories, type TMemberNote, type TNoteCategory } from "@velvet/shared/api/operator";
import { type FormEvent, useState } from "react";
import { toast } from "../../ui/toast";
import { addNote, deleteNote, updateNote } from "./operator-api";
import { errorMessage } from "./use-conversation-lock";

const labelOf = (key: string) => noteCategories.find((category) => category.key === key)?.label ?? key;

/** The new note's text box: Alt+O comes here from anywhere on the desk. */
export const NEW_NOTE_ID = "operator-new-note";

function NoteForm({
  id,
  initial,
  onSave,
  onCancel,
}: {
  id?: string;
  initial?: { category: TNoteCategory; text: string };
  onSave(body: { category: TNoteCategory; text: string }): Promise<void>;
  onCancel?: () => void;
}) {
  const [category, setCategory] = useState<TNoteCategory>(initial?.category ?? "name");
  const [text, setText] = useState(initial?.text ?? "");
  const [saving, setSaving] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    setSaving(true);
    try {
      await onSave({ category, text: text.trim() });
      if (!initial) setText("");
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-2 rounded-xl bg-cream-50 p-2 ring-1 ring-velvet-100">
      <div className="flex gap-2">
        <label className="shrink-0">
          <span className="sr-only">Category</span>
          <select
            value={category}
            onChange={(event) => setCategory(event.target.value as TNoteCategory)}
            className="rounded-lg border border-velvet-100 bg-white px-2 py-1.5 text-xs"
          >
            {noteCategories.map((option) => (
              <option key={option.key} value={option.key}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
        <label className="min-w-0 flex-1">
          <span className="sr-only">Note</span>
          <input
            id={id}
            value={text}
            onChange={(event) => setText(event.target.value)}
            maxLength={1000}
            placeholder="What did you learn?"
            className="w-full rounded-lg border border-velvet-100 bg-white px-2 py-1.5 text-xs outline-none focus:border-rose-400"
          />
        </label>
      </div>
      <div className="flex justify-end gap-2">
        {onCancel ? (
          <button type="button" onClick={onCancel} className="text-xs text-muted hover:text-ink">
            Cancel
          </button>
        ) : null}
        <button type="submit" disabled={saving || !text.trim()} className="btn-outline px-3 py-1 text-xs">
          {initial ? "Save note" : "Add note"}
        </button>
      </div>
    </form>
  );
}

/** What operators know about the member, by category; whoever answers next sees the same notes. */
export function NotesPanel({
  memberUuid,
  notes,
  onChanged,
}: {
  memberUuid: string;
  notes: TMemberNote[];
  onChanged(notes: TMemberNote[]): void;
}) {
  const [editing, setEditing] = useState<number | null>(null);
  return (
    <section aria-label="Notes" className="space-y-2">
      <h3 className="text-xs font-semibold tracking-wide text-muted uppercase">Notes</h3>
      {notes.length === 0 ? <p className="text-xs text-muted">No notes yet.</p> : null}
      <ul className="space-y-1.5">
        {notes.map((note) =>
          editing === note.id ? (
            <li key={note.id}>
              <NoteForm
                initial={{ category: note.category, text: note.text }}
                onCancel={() => setEditing(null)}
                onSave={async (body) => {
                  const saved = await updateNote(note.id, body);
                  onChanged(notes.map((entry) => (entry.id === note.id ? saved : entry)));
                  setEditing(null);
                }}
              />
            </li>
          ) : (
            <li key={note.id} className="group flex items-start gap-2 text-sm">
              <span className="mt-0.5 shrink-0 rounded-pill bg-velvet-50 px-2 py-0.5 text-[10px] font-semibold text-velvet-700">
                {labelOf(note.category)}
              </span>
              <span className="min-w-0 flex-1 break-words text-ink">{note.text}</span>
              <span className="flex shrink-0 gap-1 opacity-60 group-hover:opacity-100">
                <button
                  type="button"
                  onClick={() => setEditing(note.id)}
                  className="text-[11px] text-velvet-600 hover:underline"
                >
                  Edit
                </button>
                <button
                  type="button"
                  aria-label={`Delete note ${note.text}`}
                  onClick={() =>
                    void deleteNote(note.id)
                      .then(() => onChanged(notes.filter((entry) => entry.id !== note.id)))
                      .catch((error: unknown) => toast.error(errorMessage(error)))
                  }
                  className="text-[11px] text-danger hover:underline"
                >
                  Delete
                </button>
              </span>
            </li>
          ),
        )}
      </ul>
      <NoteForm
        id={NEW_NOTE_ID}
        onSave={async (body) => {
          onChanged([...notes, await addNote(memberUuid, body)]);
        }}
      />
    </section>
  );
}
