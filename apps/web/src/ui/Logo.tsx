import { Link } from "react-router";

/** `compactOnMobile`: only the heart below 1024 px, leaving the member's links and icons room. */
export function Logo({
  tone = "light",
  compactOnMobile = false,
}: {
  tone?: "light" | "dark";
  compactOnMobile?: boolean;
}) {
  return (
    <Link to="/" className="group inline-flex items-center gap-2" aria-label="Velvet Hearts home">
      <span className="grid size-9 place-items-center rounded-xl bg-gradient-to-br from-rose-500 to-velvet-600 shadow-glow transition group-hover:scale-105">
        <svg viewBox="0 0 24 24" className="size-5 fill-white" aria-hidden="true">
          <path d="M12 21s-7.5-4.6-9.5-9.4C1.2 8.2 3.4 4.5 7 4.5c2 0 3.4 1.1 5 3 1.6-1.9 3-3 5-3 3.6 0 5.8 3.7 4.5 7.1C19.5 16.4 12 21 12 21z" />
        </svg>
      </span>
      <span
        className={`font-display text-xl font-semibold ${compactOnMobile ? "hidden lg:inline" : ""} ${tone === "light" ? "text-white" : "text-velvet-900"}`}
      >
        Velvet<span className={tone === "light" ? "text-rose-300" : "text-rose-700"}>Hearts</span>
      </span>
    </Link>
  );
}
