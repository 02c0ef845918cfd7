/** Title, description, canonical URL and Open Graph tags of a page. */
import type { MetaDescriptor } from "@remix-run/node";

type Match = { id: string; data: unknown };

export function appUrlFrom(matches: readonly Match[]): string {
  const root = matches.find((m) => m.id === "root")?.data as { appUrl?: string } | undefined;
  return root?.appUrl ?? "";
}

export function pageMeta(
  matches: readonly Match[],
  page: {
    title: string;
    description: string;
    path: string;
    og?: { type: "website" | "article"; image?: string | null; publishedTime?: string };
    noindex?: boolean;
  },
): MetaDescriptor[] {
  const base = appUrlFrom(matches);
  const url = `${base}${page.path}`;
  const tags: MetaDescriptor[] = [
    { title: page.title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: url },
  ];
  if (page.noindex) tags.push({ name: "robots", content: "noindex" });
  if (page.og) {
    tags.push(
      { property: "og:type", content: page.og.type },
      { property: "og:title", content: page.title },
      { property: "og:description", content: page.description },
      { property: "og:url", content: url },
    );
    if (page.og.image) {
      const image = page.og.image.startsWith("/") ? `${base}${page.og.image}` : page.og.image;
      tags.push({ property: "og:image", content: image });
    }
    if (page.og.publishedTime) {
      tags.push({ property: "article:published_time", content: page.og.publishedTime });
    }
  }
  return tags;
}

/** The meta of a signed-in page (portal, admin): its title and noindex. */
export function privatePageMeta(title: string): MetaDescriptor[] {
  return [{ title }, { name: "robots", content: "noindex" }];
}
