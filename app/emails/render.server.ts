/**
 * Renders an e-mail template to its HTML and plain-text parts, synchronously:
 * messages are written in the same (synchronous) SQLite transaction as the
 * event that causes them, so React Email's async `render()` cannot be used
 * there. The HTML comes from React's `renderToStaticMarkup` (what `render()`
 * does without Suspense), the text part from React Email's `toPlainText`.
 * Server only: templates never reach the browser bundle.
 */
import { toPlainText } from "@react-email/render";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";

const DOCTYPE =
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

export function renderEmail(element: ReactElement): { html: string; text: string } {
  const html = `${DOCTYPE}${renderToStaticMarkup(element)}`;
  return { html, text: toPlainText(html) };
}
