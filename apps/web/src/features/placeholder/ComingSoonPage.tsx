import { useMatches } from "react-router";
import type { RouteHandle } from "../../app/routes";

/** The heading of a page whose feature has not landed yet (the foundation issue allows exactly this). */
export default function ComingSoonPage() {
  const handle = useMatches().at(-1)?.handle as RouteHandle | undefined;
  return (
    <section className="page-container py-16">
      <h1 className="text-3xl font-semibold text-velvet-900 sm:text-4xl">{handle?.title}</h1>
    </section>
  );
}
