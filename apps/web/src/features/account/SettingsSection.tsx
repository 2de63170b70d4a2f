import { type ReactNode, useId } from "react";

export function SettingsSection({
  id,
  title,
  description,
  children,
}: {
  /** An anchor for links into the page (e.g. /account#spending-limit from the store); it also names the region. */
  id?: string;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      id={id}
      // Named (a landmark) only when linked to: "Your account" is already the navbar strip's region name.
      aria-labelledby={id ? headingId : undefined}
      className="card grid scroll-mt-24 gap-6 p-6 sm:p-8 lg:grid-cols-[16rem_1fr]"
    >
      <div>
        <h2 id={headingId} className="text-xl font-semibold text-velvet-900">
          {title}
        </h2>
        {description ? <p className="mt-1 text-sm text-muted">{description}</p> : null}
      </div>
      <div className="max-w-lg">{children}</div>
    </section>
  );
}
