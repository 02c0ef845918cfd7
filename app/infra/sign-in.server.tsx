/**
 * Signing in and out: GET /api/login starts the flow (remembering where to return), the provider's
 * callback writes a server-side session, logout deletes it. A failed sign-in ends on a small page of its
 * own (`signInErrorResponse`).
 */
import { createCookie, redirect } from "@remix-run/node";
import { env } from "~/config/env.server";
import { getAuthenticator } from "~/infra/oidc.server";
import { plainPageResponse } from "~/infra/plain-page.server";
import { sessionStorage } from "~/infra/session.server";
import { safeRedirect } from "~/lib/safe-redirect";

export const DEFAULT_RETURN_TO = "/client-portal";

const returnToCookie = () =>
  createCookie("__return_to", {
    httpOnly: true,
    sameSite: "lax",
    path: "/api",
    maxAge: 60 * 10,
    secure: env().secureCookies,
    secrets: [env().SESSION_SECRET],
  });

/** GET /api/login: remembers returnTo, then redirects to the provider. */
export async function startLogin(request: Request): Promise<never> {
  const url = new URL(request.url);
  const returnTo = safeRedirect(url.searchParams.get("returnTo"), DEFAULT_RETURN_TO);
  const authenticator = await getAuthenticator();
  try {
    await authenticator.authenticate("oidc", request);
  } catch (thrown) {
    if (thrown instanceof Response) {
      thrown.headers.append("set-cookie", await returnToCookie().serialize(returnTo));
      throw thrown;
    }
    throw thrown;
  }
  throw new Error("The provider did not redirect");
}

/** GET /api/auth/callback: signs the user in and returns to returnTo. */
export async function finishLogin(request: Request): Promise<Response> {
  const authenticator = await getAuthenticator();
  const user = await authenticator.authenticate("oidc", request);
  const returnTo = safeRedirect(await returnToCookie().parse(request.headers.get("cookie")), DEFAULT_RETURN_TO);
  const storage = sessionStorage();
  // Signing in again ends the session the browser had (its row is deleted), so an old cookie,
  // wherever it was copied to, is worth nothing.
  const previous = await storage.getSession(request.headers.get("cookie"));
  if (previous.id) await storage.destroySession(previous);
  const session = await storage.getSession();
  session.set("userId", user.id);
  const headers = new Headers();
  headers.append("set-cookie", await storage.commitSession(session));
  headers.append("set-cookie", await returnToCookie().serialize("", { maxAge: 0 }));
  return redirect(returnTo, { headers });
}

/** GET /api/logout: deletes the session row and the cookie. */
export async function logout(request: Request): Promise<Response> {
  const storage = sessionStorage();
  const session = await storage.getSession(request.headers.get("cookie"));
  return redirect("/", {
    headers: { "set-cookie": await storage.destroySession(session) },
  });
}

export function loginPath(returnTo: string, options: { switchAccount?: boolean } = {}) {
  const params = new URLSearchParams({ returnTo: safeRedirect(returnTo, DEFAULT_RETURN_TO) });
  if (options.switchAccount) params.set("prompt", "login");
  return `/api/login?${params}`;
}

/**
 * A failed sign-in (missing or forged state, bad code, provider down, a refused e-mail) ends on a small
 * page of its own with a Sign In link. No session is created; the details go to the server log only.
 */
export function signInErrorResponse(error: unknown, headline: string) {
  console.warn("[auth] sign-in failed:", error instanceof Error ? error.message : error);
  return plainPageResponse(
    "Sign-in failed",
    <>
      <h1>Sign-in failed</h1>
      <p>{headline} Please try again.</p>
      <a className="button" href="/api/login">
        Sign In
      </a>
      <a className="button secondary" href="/">
        Go Home
      </a>
    </>,
    400,
  );
}

/**
 * 401 for a private file asked for signed out (a document, an estimate's PDF): a small page with a link to
 * sign in and come back to `returnTo`, and the session cookie cleared when it was stale.
 */
export function signInToOpen(what: { one: string; many: string }, returnTo: string, clearCookie: string | null) {
  const response = plainPageResponse(
    `Sign in to open this ${what.one}`,
    <>
      <h1>Sign in to open this {what.one}</h1>
      <p>{what.many} are shown to the transaction&apos;s client and the agency&apos;s staff only.</p>
      <a className="button" href={loginPath(returnTo)}>
        Sign in
      </a>
    </>,
    401,
  );
  if (clearCookie) response.headers.append("set-cookie", clearCookie);
  return response;
}
