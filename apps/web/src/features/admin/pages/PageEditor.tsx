import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type TStaticPageUpdateRequest, ZStaticPageUpdateRequestSchema } from "@velvet/shared/api/content";
import { useId } from "react";
import { Link, useParams } from "react-router";
import { useServerForm } from "../../../lib/use-server-form";
import { toast } from "../../../ui/toast";
import { contentKeys, fetchStaticPage } from "../../content";
import {
  AdminField,
  adminButtonClass,
  adminInputClass,
  errorMessage,
  ListState,
  Panel,
  SectionPage,
} from "../admin-ui";
import { saveStaticPage } from "./pages-api";

/**
 * The preview of HTML not yet saved (so not yet sanitised by the server) is drawn in a sandboxed frame with no
 * script permission: pasted markup with a handler in it cannot run with the admin's session.
 */
function previewDocument(html: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><style>
body{font:15px/1.6 system-ui,sans-serif;color:#22131c;margin:16px;max-width:46rem}
h1,h2,h3{color:#3b0a2a;line-height:1.25}a{color:#8a2a5e}
</style></head><body>${html}</body></html>`;
}

export function PageEditor() {
  const { slug = "" } = useParams();
  const queryClient = useQueryClient();
  const ids = { title: useId(), metaTitle: useId(), metaDescription: useId(), content: useId() };
  const {
    data: page,
    isPending,
    error,
  } = useQuery({
    queryKey: contentKeys.page(slug),
    queryFn: () => fetchStaticPage(slug),
  });
  const form = useServerForm(ZStaticPageUpdateRequestSchema, {
    values: page
      ? {
          title: page.title,
          meta_title: page.meta_title,
          meta_description: page.meta_description,
          content: page.content,
        }
      : undefined,
  });
  const mutation = useMutation({
    mutationFn: (body: TStaticPageUpdateRequest) => saveStaticPage(slug, body),
    onSuccess: (saved) => {
      // What the server stored (sanitised) is what the form shows from now on.
      queryClient.setQueryData(contentKeys.page(slug), saved);
      toast.success(`“${saved.title}” is saved.`);
    },
    onError: (failure) => toast.error(errorMessage(failure)),
  });
  const content = form.watch("content") ?? "";
  const { errors } = form.formState;

  return (
    <SectionPage>
      <Link to="/admin/pages" className="text-sm font-semibold text-velvet-600 hover:text-velvet-800">
        ← Pages
      </Link>
      {!page ? (
        <Panel>
          <ListState loading={isPending} error={error} empty={false} emptyText="" />
        </Panel>
      ) : (
        <>
          <div className="flex flex-wrap items-end justify-between gap-3">
            <h1 className="font-display text-2xl font-semibold text-velvet-950 sm:text-3xl">{page.title}</h1>
            <a href={`/${slug}`} target="_blank" rel="noreferrer" className="text-sm font-semibold text-velvet-600">
              Open /{slug} ↗
            </a>
          </div>
          <form
            onSubmit={form.handleSubmit((values) => mutation.mutate(values))}
            noValidate
            className="grid items-start gap-5 xl:grid-cols-2"
          >
            <Panel title="Text">
              <div className="space-y-3 p-4">
                <AdminField label="Title" htmlFor={ids.title} error={errors.title?.message}>
                  <input id={ids.title} className={adminInputClass} {...form.register("title")} />
                </AdminField>
                <AdminField label="Meta title" htmlFor={ids.metaTitle} error={errors.meta_title?.message}>
                  <input id={ids.metaTitle} className={adminInputClass} {...form.register("meta_title")} />
                </AdminField>
                <AdminField
                  label="Meta description"
                  htmlFor={ids.metaDescription}
                  error={errors.meta_description?.message}
                >
                  <textarea
                    id={ids.metaDescription}
                    rows={2}
                    className={adminInputClass}
                    {...form.register("meta_description")}
                  />
                </AdminField>
                <AdminField
                  label="Body (HTML)"
                  htmlFor={ids.content}
                  error={errors.content?.message}
                  hint="Scripts, styles, frames and event handlers are removed when it is saved."
                >
                  <textarea
                    id={ids.content}
                    rows={18}
                    spellCheck={false}
                    className={`${adminInputClass} font-mono text-xs leading-relaxed`}
                    {...form.register("content")}
                  />
                </AdminField>
                <button
                  type="submit"
                  disabled={mutation.isPending || !form.formState.isDirty}
                  className={adminButtonClass}
                >
                  Save page
                </button>
              </div>
            </Panel>
            <Panel title="Preview">
              <iframe
                title={`Preview of ${page.title}`}
                sandbox=""
                srcDoc={previewDocument(content)}
                className="h-[36rem] w-full bg-white"
              />
            </Panel>
          </form>
        </>
      )}
    </SectionPage>
  );
}
