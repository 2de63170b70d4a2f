import type { ReactNode } from "react";

/** The white card the account-entry pages sit in, on the auth layout's velvet gradient. */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="w-full max-w-md">
      <div className="card p-6 sm:p-8">
        <h1 className="text-2xl font-semibold text-velvet-900 sm:text-3xl">{title}</h1>
        {subtitle ? <p className="mt-2 text-sm text-muted">{subtitle}</p> : null}
        <div className="mt-6">{children}</div>
      </div>
      {footer ? <div className="mt-5 text-center text-sm text-white/85">{footer}</div> : null}
    </div>
  );
}
