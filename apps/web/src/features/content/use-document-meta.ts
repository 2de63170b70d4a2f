import { useEffect } from "react";

function descriptionTag(): HTMLMetaElement {
  let tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!tag) {
    tag = document.createElement("meta");
    tag.name = "description";
    document.head.append(tag);
  }
  return tag;
}

/**
 * Sets the document title and meta description from a page record, and puts
 * the description back when the page goes. The route's own title is written
 * by LayoutOutlet, a parent, whose effects run after ours in the same commit;
 * writing ours a microtask later lets the page's title win.
 */
export function useDocumentMeta(meta: { title: string; description: string } | undefined): void {
  const title = meta?.title;
  const description = meta?.description;
  useEffect(() => {
    if (title === undefined || description === undefined) return;
    const tag = descriptionTag();
    const previous = tag.content;
    let active = true;
    queueMicrotask(() => {
      if (!active) return;
      document.title = title;
      tag.content = description;
    });
    return () => {
      active = false;
      tag.content = previous;
    };
  }, [title, description]);
}
