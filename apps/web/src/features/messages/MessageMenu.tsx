import { MoreIcon, TrashIcon } from "../../ui/icons";
import { usePopupMenu } from "./use-popup-menu";

/**
 * A message's own menu: "Delete for me". Beside every bubble; on a wide screen it shows on hover or
 * keyboard focus, on a phone it stays visible (there is no hover). The choice opens a confirmation.
 */
export function MessageMenu({ mine, onDelete }: { mine: boolean; onDelete(): void }) {
  const { open, setOpen, root, button } = usePopupMenu();

  return (
    <div ref={root} className="relative self-center">
      <button
        ref={button}
        type="button"
        aria-label="Message options"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
        className={`grid size-8 place-items-center rounded-full text-velvet-300 transition hover:bg-velvet-50 hover:text-velvet-700 focus-visible:opacity-100 sm:opacity-0 sm:group-hover:opacity-100 ${open ? "bg-velvet-50 text-velvet-700 sm:opacity-100" : ""}`}
      >
        <MoreIcon className="size-5" />
      </button>
      {open ? (
        <div
          role="menu"
          aria-label="Message options"
          className={`absolute bottom-full z-30 mb-1 w-44 overflow-hidden rounded-2xl bg-white p-1.5 text-sm shadow-lift ring-1 ring-velvet-100 ${mine ? "right-0" : "left-0"}`}
        >
          <button
            type="button"
            role="menuitem"
            onClick={() => {
              setOpen(false);
              onDelete();
            }}
            className="flex w-full items-center gap-2.5 rounded-xl px-3 py-2.5 text-left font-medium text-danger hover:bg-rose-50"
          >
            <TrashIcon className="size-5 shrink-0" />
            Delete for me
          </button>
        </div>
      ) : null}
    </div>
  );
}
