import { timings } from "@velvet/shared/constants/limits";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { ClientConfigError, fetchClientConfig, setMaintenanceFlag } from "../../lib/client-config";

const title = "Sorry! We Are Under Maintenance!";
const message = "Our site is getting a little makeover, we will be back soon. Thank you for your patience!";
const RECHECK_MS = 15_000;

function Illustration({ variant }: { variant: number }) {
  const icons = [
    "M11.4 3.1a1 1 0 0 1 1.2 0l7.5 5.6a1 1 0 0 1 .4.8V20a1 1 0 0 1-1 1h-5v-6h-4v6h-5a1 1 0 0 1-1-1V9.5a1 1 0 0 1 .4-.8z",
    "M12 2a1 1 0 0 1 1 1v1.1A8 8 0 0 1 19.9 11H21a1 1 0 1 1 0 2h-1.1A8 8 0 0 1 13 19.9V21a1 1 0 1 1-2 0v-1.1A8 8 0 0 1 4.1 13H3a1 1 0 1 1 0-2h1.1A8 8 0 0 1 11 4.1V3a1 1 0 0 1 1-1zm0 6a4 4 0 1 0 0 8 4 4 0 0 0 0-8z",
    "M12 21s-7.5-4.6-9.5-9.4C1.2 8.2 3.4 4.5 7 4.5c2 0 3.4 1.1 5 3 1.6-1.9 3-3 5-3 3.6 0 5.8 3.7 4.5 7.1C19.5 16.4 12 21 12 21z",
  ];
  return (
    <div className="mx-auto grid size-24 place-items-center rounded-full bg-gradient-to-br from-rose-500 to-velvet-600 shadow-glow">
      <svg viewBox="0 0 24 24" className="size-11 fill-white" aria-hidden="true">
        <path d={icons[variant % icons.length]} />
      </svg>
    </div>
  );
}

/**
 * Three layouts rotating every 5 s (spec §2). It makes no API call but the
 * client-config check, and returns the visitor to / once the site is back
 * (or when that check fails for any reason other than maintenance, spec §4).
 */
export default function MaintenancePage() {
  const [layout, setLayout] = useState(0);
  const navigate = useNavigate();

  useEffect(() => {
    const timer = setInterval(() => setLayout((current) => (current + 1) % 3), timings.maintenanceLayoutRotateMs);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    let stopped = false;
    const check = async () => {
      try {
        const config = await fetchClientConfig();
        if (!stopped && !config.maintenance) navigate("/", { replace: true });
      } catch (error) {
        if (error instanceof ClientConfigError && error.status === 503) return;
        setMaintenanceFlag(false);
        if (!stopped) navigate("/", { replace: true });
      }
    };
    const timer = setInterval(check, RECHECK_MS);
    void check();
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [navigate]);

  const heading = <h1 className="text-3xl font-semibold text-velvet-900 sm:text-4xl">{title}</h1>;
  const body = <p className="text-lg text-muted">{message}</p>;
  return (
    <section data-maintenance-layout={layout} className="flex flex-1 items-center justify-center px-4 py-16">
      {layout === 0 && (
        <div className="card max-w-xl space-y-5 p-10 text-center">
          <Illustration variant={0} />
          {heading}
          {body}
        </div>
      )}
      {layout === 1 && (
        <div className="grid max-w-3xl items-center gap-8 sm:grid-cols-[auto_1fr]">
          <Illustration variant={1} />
          <div className="space-y-4 text-center sm:text-left">
            {heading}
            {body}
          </div>
        </div>
      )}
      {layout === 2 && (
        <div className="max-w-2xl space-y-6 rounded-card bg-velvet-900 p-10 text-center text-white shadow-lift [&_h1]:text-white [&_p]:text-velvet-100">
          <Illustration variant={2} />
          {heading}
          {body}
        </div>
      )}
    </section>
  );
}
