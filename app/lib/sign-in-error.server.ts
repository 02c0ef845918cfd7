/**
 * A failed sign-in (missing or forged state, bad code, provider down, a
 * refused e-mail) ends on a small self-contained page with a Sign In link.
 * No session is created. The details go to the server log only.
 */
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function signInErrorResponse(error: unknown, headline: string) {
  console.warn("[auth] sign-in failed:", error instanceof Error ? error.message : error);
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>Sign-in failed</title><link rel="icon" href="/favicon.svg">
<style>body{font-family:system-ui,sans-serif;background:#f8fafc;color:#0f172a;display:grid;place-items:center;min-height:100vh;margin:0}
main{max-width:28rem;padding:2rem;text-align:center}a{display:inline-block;margin:1rem .5rem 0;padding:.6rem 1rem;border-radius:6px;background:#1565c0;color:#fff;text-decoration:none;font-weight:600}
a.secondary{background:#e2e8f0;color:#0f172a}</style></head>
<body><main><h1>Sign-in failed</h1><p>${escapeHtml(headline)} Please try again.</p>
<a href="/api/login">Sign In</a><a class="secondary" href="/">Go Home</a></main></body></html>`;
  return new Response(html, {
    status: 400,
    headers: {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-store",
      "content-security-policy":
        "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; frame-ancestors 'none'",
      "x-content-type-options": "nosniff",
      "referrer-policy": "no-referrer",
    },
  });
}
