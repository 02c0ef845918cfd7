/**
 * The few pages outside the app's React tree: the demo provider's sign-in form, a failed sign-in and the
 * log-out confirmation. Each is a small self-contained HTML document (one inline stylesheet, no script),
 * rendered with React's server renderer, which escapes every text and attribute: there is no other
 * escaping rule to keep.
 */
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";

const STYLE = `body{font-family:system-ui,sans-serif;background:#f3f6fa;color:#0f172a;margin:0;display:grid;place-items:center;min-height:100vh}
main{background:#fff;padding:2rem;border-radius:12px;box-shadow:0 2px 12px #0002;width:min(360px,90vw)}
h1{font-size:1.25rem;margin:0 0 .25rem}p{color:#475569;font-size:.9rem}
label{display:block;font-weight:600;margin:1rem 0 .25rem;font-size:.9rem}
input{width:100%;box-sizing:border-box;padding:.6rem;border:1px solid #94a3b8;border-radius:6px;font-size:1rem}
button,.button{display:block;box-sizing:border-box;width:100%;margin-top:1rem;padding:.7rem;border:0;border-radius:6px;background:#1565c0;color:#fff;font:inherit;font-weight:600;text-align:center;text-decoration:none;cursor:pointer}
.secondary{background:#e2e8f0;color:#0f172a}.error{color:#b91c1c}`;

/** The whole document of a plain page. */
export function plainPage(title: string, body: ReactNode): string {
  return `<!doctype html>${renderToStaticMarkup(
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width,initial-scale=1" />
        <title>{title}</title>
        <link rel="icon" href="/favicon.svg" />
        <style>{STYLE}</style>
      </head>
      <body>
        <main>{body}</main>
      </body>
    </html>,
  )}`;
}

/** Headers of a plain page: never stored, no script may run, forms post to this site only. */
export const PLAIN_PAGE_HEADERS = {
  "content-type": "text/html; charset=utf-8",
  "cache-control": "no-store",
  "content-security-policy":
    "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; form-action 'self'; frame-ancestors 'none'",
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
} as const;

export function plainPageResponse(title: string, body: ReactNode, status = 200): Response {
  return new Response(plainPage(title, body), { status, headers: PLAIN_PAGE_HEADERS });
}
