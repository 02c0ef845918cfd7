import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { logout } from "~/lib/auth.server";
import { assertSameOrigin } from "~/lib/http.server";

/**
 * GET /api/logout (SPEC §2): ends the session (row and cookie) and returns
 * home, at once only for the site's own links and a typed address
 * (Sec-Fetch-Site same-origin or none). Any other GET (another site's link or
 * image, a browser that says nothing) gets a page whose button posts, so no
 * other site can sign a visitor out.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const site = request.headers.get("sec-fetch-site");
  if (site === "same-origin" || site === "none") return logout(request);
  return new Response(CONFIRM_PAGE, {
    headers: {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-store",
      "content-security-policy":
        "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
    },
  });
}

/** POST /api/logout: the same from a form button (what the portal uses). */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  return logout(request);
}

const CONFIRM_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>Log out</title>
<style>body{font-family:system-ui,sans-serif;background:#f8fafc;color:#0f172a;display:grid;place-items:center;min-height:100vh;margin:0}
main{max-width:28rem;padding:2rem;text-align:center}button,a{display:inline-block;margin:1rem .5rem 0;padding:.6rem 1rem;border-radius:6px;border:0;font:inherit;font-weight:600;cursor:pointer}
button{background:#1565c0;color:#fff}a{background:#e2e8f0;color:#0f172a;text-decoration:none}</style></head>
<body><main><h1>Log out?</h1><p>Do you want to sign out of your client portal?</p>
<form method="post" action="/api/logout"><button type="submit">Log out</button><a href="/">Stay signed in</a></form></main></body></html>`;
