import { type ReactNode, useEffect, useRef } from "react";

const panels = {
  /** Centred on desktop, a bottom sheet on phones. */
  sheet:
    "mt-auto mb-0 w-full max-w-none rounded-t-3xl bg-white shadow-lift sm:m-auto sm:w-[28rem] sm:max-w-[calc(100%-2rem)] sm:rounded-3xl",
  center: "m-auto w-[24rem] max-w-[calc(100%-2rem)] rounded-3xl bg-white shadow-lift",
  /** A picture on a dark backdrop, as large as the screen allows. */
  lightbox: "m-auto max-h-none max-w-none bg-transparent",
} as const;

/**
 * A modal on the native <dialog>: the browser traps focus, closes on Escape and
 * draws it above everything; a click on the backdrop closes it too.
 */
export function Modal({
  label,
  onClose,
  children,
  variant = "center",
}: {
  label: string;
  onClose(): void;
  children: ReactNode;
  variant?: keyof typeof panels;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const node = dialog.current;
    if (node && !node.open) node.showModal();
    return () => node?.close();
  }, []);
  return (
    <dialog
      ref={dialog}
      aria-label={label}
      className={`${panels[variant]} p-0 text-ink backdrop:bg-velvet-950/60 backdrop:backdrop-blur-sm`}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      onKeyDown={(event) => {
        // Handled here, so the browser's own cancel (which would close it a second time) does not follow.
        if (event.key !== "Escape") return;
        event.preventDefault();
        onClose();
      }}
    >
      {children}
    </dialog>
  );
}
