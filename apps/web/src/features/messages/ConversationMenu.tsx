import type { ReactNode } from "react";
import { BlockIcon, FlagIcon, MoreIcon, TrashIcon } from "../../ui/icons";
import { usePopupMenu } from "./use-popup-menu";

export type ConversationAction = "report" | "block" | "delete";

/**
 * The conversation header's "more" menu: report or block the person (the same
 * safety actions as on their profile, within reach where trouble happens) and
 * delete the conversation. Each choice opens its own dialog, which asks first.
 */
export function ConversationMenu({ name, onChoose }: { name: string; onChoose(action: ConversationAction): void }) {
  const { open, setOpen, root, button } = usePopupMenu();

  const choose = (action: ConversationAction) => () => {
    setOpen(false);
    onChoose(action);
  };
  const item = (action: ConversationAction, icon: ReactNode, label: string, danger = false) => (
    <button
      type="button"
      role="menuitem"
      onClick={choose(action)}
      className={`flex w-full items-center gap-2.5 rounded-xl px-3 py-2.5 text-left font-medium ${danger ? "text-danger hover:bg-rose-50" : "text-velvet-900 hover:bg-velvet-50"}`}
    >
      {icon}
      <span className="truncate">{label}</span>
    </button>
  );

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-label="More options"
        aria-haspopup="menu"
        aria-expanded={open}
        title="More"
        onClick={() => setOpen((value) => !value)}
        className={`grid size-10 place-items-center rounded-full text-velvet-400 transition hover:bg-velvet-50 hover:text-velvet-700 ${open ? "bg-velvet-50 text-velvet-700" : ""}`}
      >
        <MoreIcon className="size-6" />
      </button>
      {open ? (
        <div
          role="menu"
          aria-label={`Options for the conversation with ${name}`}
          className="absolute top-full right-0 z-40 mt-1 w-60 max-w-[calc(100vw-1.5rem)] overflow-hidden rounded-2xl bg-white p-1.5 text-sm shadow-lift ring-1 ring-velvet-100"
        >
          {item("report", <FlagIcon className="size-5 shrink-0 text-velvet-400" />, `Report ${name}`)}
          {item("block", <BlockIcon className="size-5 shrink-0" />, `Block ${name}`, true)}
          <div className="my-1 border-t border-velvet-100" />
          {item("delete", <TrashIcon className="size-5 shrink-0" />, "Delete conversation", true)}
        </div>
      ) : null}
    </div>
  );
}
