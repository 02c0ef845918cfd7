/**
 * The permission guards: a loader or action starts with one of them. They throw the right answer, never
 * return a "denied" value: for /api the JSON 401/403, for pages a 401/403 that the shared error boundary
 * renders as the access card (app/components/access-boundary.tsx). Writes must be same-origin.
 */
import { data } from "@remix-run/node";
import type { User } from "~/db/schema";
import type { AccessDenial } from "~/lib/access-denial";
import { assertSameOrigin, isApiRequest } from "~/infra/http.server";
import { getSessionUser } from "~/infra/session-user.server";
import { loginPath } from "~/infra/sign-in.server";

function deny(request: Request, status: 401 | 403, access: AccessDenial["access"], clearCookie: string | null): never {
  const headers = new Headers({ "cache-control": "private, no-store" });
  if (clearCookie) headers.append("set-cookie", clearCookie);
  if (isApiRequest(request)) {
    throw Response.json({ message: status === 401 ? "Unauthorized" : "Forbidden" }, { status, headers });
  }
  const url = new URL(request.url);
  // After sign-in the browser comes back with a GET: a form's query (?index) is not a page to return to.
  const returnTo = request.method === "GET" ? `${url.pathname}${url.search}` : url.pathname;
  const loginHref = loginPath(returnTo, { switchAccount: status === 403 });
  throw data<AccessDenial>({ access, loginHref }, { status, headers });
}

/**
 * The signed-in user, or a thrown 401: for /api the JSON answer, for pages the
 * 'Access Required' card of the error boundary. Writes must be same-origin.
 */
export async function requireUser(request: Request): Promise<User> {
  assertSameOrigin(request);
  const { user, clearCookie } = await getSessionUser(request);
  if (!user) deny(request, 401, "sign-in", clearCookie);
  return user;
}

/**
 * The signed-in admin, or a thrown 401 (signed out) / 403 (not an admin): for
 * /api the JSON answer, for pages the 'Access Denied' card, whose login asks the
 * provider to sign in again (prompt=login) so a non-admin never loops back.
 */
export async function requireAdmin(request: Request): Promise<User> {
  assertSameOrigin(request);
  const { user, clearCookie } = await getSessionUser(request);
  if (!user) deny(request, 401, "admin", clearCookie);
  if (!user.isAdmin) deny(request, 403, "admin", null);
  return user;
}

/**
 * Staff: an admin or an agent (the back office's pages that an agent sees narrowed to their own: the
 * dashboard, leads, transactions), else a thrown 401 / 403 like `requireAdmin`'s.
 */
export async function requireStaff(request: Request): Promise<User> {
  assertSameOrigin(request);
  const { user, clearCookie } = await getSessionUser(request);
  if (!user) deny(request, 401, "admin", clearCookie);
  if (!user.isAdmin && !user.isAgent) deny(request, 403, "admin", null);
  return user;
}
