import { useMatches } from "@remix-run/react";
import { createContext, useContext, useState } from "react";

const InlineCssContext = createContext("");

/** entry.server gives the built stylesheet (tailwind.css?inline: a server-only import, never in a browser bundle). */
export const InlineCssProvider = InlineCssContext.Provider;

/**
 * The `handle` of a route whose pages link the stylesheet instead of inlining it: the portal and the admin
 * area, which a signed-in person opens again and again (docs/decisions/026-linked-stylesheet-for-private-pages.md).
 */
export const linkedStylesheet = { stylesheet: "linked" } as const;

/**
 * The site's stylesheet in the head: inlined on public pages, linked (a hashed name, cached for a year) on
 * the pages whose route's handle is `linkedStylesheet`. Decided once, by the page the document was first
 * loaded as: a client navigation keeps the document's stylesheet in place, so a page never loses it.
 */
export function SiteStylesheet({ href }: { href: string }) {
  const matches = useMatches();
  const [linked] = useState(() =>
    matches.some((match) => (match.handle as { stylesheet?: string } | undefined)?.stylesheet === "linked"),
  );
  return linked ? <link rel="stylesheet" href={href} /> : <InlineStyles />;
}

/**
 * The site's stylesheet inlined in the head (in production): the first paint waits for the HTML alone,
 * not for a second, render-blocking request (on a slow phone the page's scripts share the bandwidth with
 * it). The browser bundle renders this element empty: React 18 does not compare dangerouslySetInnerHTML
 * when it hydrates, so the server's CSS stays in place and is not shipped twice. In development the
 * stylesheet is a <link> (root.tsx), for hot reloading.
 */
export function InlineStyles() {
  const css = useContext(InlineCssContext);
  // Always dangerouslySetInnerHTML, even empty: an element with it is hydrated without looking at its
  // content, whereas an empty <style> would find the server's text in it, a mismatch.
  return <style suppressHydrationWarning dangerouslySetInnerHTML={{ __html: css }} />;
}
