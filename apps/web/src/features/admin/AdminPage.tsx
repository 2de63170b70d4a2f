import { lazy, Suspense } from "react";
import { Link, Route, Routes } from "react-router";
import { withChunkReload } from "../../app/chunk-reload";
import { AdminLayout } from "./AdminLayout";
import { adminSections } from "./sections";

const sections = adminSections.map((section) => ({ ...section, Component: lazy(withChunkReload(section.load)) }));

function SectionLoading() {
  return (
    <div role="status" className="p-6 text-sm text-muted">
      Loading…
    </div>
  );
}

function UnknownSection() {
  return (
    <div className="p-6">
      <h1 className="font-display text-2xl font-semibold text-velvet-900">Nothing here</h1>
      <p className="mt-2 text-sm text-muted">
        This part of the console does not exist.{" "}
        <Link to="/admin" className="font-semibold text-velvet-600 underline">
          Back to the dashboard
        </Link>
      </p>
    </div>
  );
}

/** /admin/*: the console's frame, and the section the address names (the dashboard at /admin). */
export default function AdminPage() {
  return (
    <AdminLayout>
      <Suspense fallback={<SectionLoading />}>
        <Routes>
          {sections.map(({ path, Component }) =>
            path ? (
              <Route key={path} path={`${path}/*`} element={<Component />} />
            ) : (
              <Route key="index" index element={<Component />} />
            ),
          )}
          <Route path="*" element={<UnknownSection />} />
        </Routes>
      </Suspense>
    </AdminLayout>
  );
}
