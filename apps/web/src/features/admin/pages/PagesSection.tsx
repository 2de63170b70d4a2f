import { useQueries } from "@tanstack/react-query";
import { staticPageSlugs } from "@velvet/shared/api/content";
import { Link, Route, Routes } from "react-router";
import { contentKeys, fetchStaticPage } from "../../content";
import { Panel, SectionHeader, SectionPage } from "../admin-ui";
import { PageEditor } from "./PageEditor";

function PageList() {
  const pages = useQueries({
    queries: staticPageSlugs.map((slug) => ({
      queryKey: contentKeys.page(slug),
      queryFn: () => fetchStaticPage(slug),
    })),
  });
  return (
    <SectionPage>
      <SectionHeader
        title="Pages"
        description="The FAQ, legal and affiliate pages. An edited page is kept over the text a deploy ships."
      />
      <Panel>
        <ul className="divide-y divide-velvet-50">
          {staticPageSlugs.map((slug, index) => {
            const page = pages[index]?.data;
            return (
              <li key={slug}>
                <Link
                  to={`/admin/pages/${slug}`}
                  className="flex items-center justify-between gap-3 px-4 py-3 transition hover:bg-velvet-50/60"
                >
                  <span className="min-w-0">
                    <span className="block truncate font-semibold text-velvet-950">{page?.title ?? slug}</span>
                    <span className="block truncate text-xs text-muted">/{slug}</span>
                  </span>
                  <span className="text-sm font-semibold text-velvet-600">Edit</span>
                </Link>
              </li>
            );
          })}
        </ul>
      </Panel>
    </SectionPage>
  );
}

/** /admin/pages: the static pages; /admin/pages/{slug}: one page's editor with a preview. */
export default function PagesSection() {
  return (
    <Routes>
      <Route index element={<PageList />} />
      <Route path=":slug" element={<PageEditor />} />
    </Routes>
  );
}
