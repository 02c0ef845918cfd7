import { createContext, useContext } from "react";

const InlineCssContext = createContext("");

/** entry.server gives the built stylesheet (tailwind.css?inline: a server-only import, never in a browser bundle). */
export const InlineCssProvider = InlineCssContext.Provider;

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
