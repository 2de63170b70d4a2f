import type { ReactNode } from "react";

export function SettingsSection({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <section className="card grid gap-6 p-6 sm:p-8 lg:grid-cols-[16rem_1fr]">
      <div>
        <h2 className="text-xl font-semibold text-velvet-900">{title}</h2>
        {description ? <p className="mt-1 text-sm text-muted">{description}</p> : null}
      </div>
      <div className="max-w-lg">{children}</div>
    </section>
  );
}
