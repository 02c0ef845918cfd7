/** Who is signed in: the user of the request's session, looked up once per page (its loaders share it). */
import type { User } from "~/db/schema";
import { getDb } from "~/infra/database.server";
import { SESSION_COOKIE, sessionStorage } from "~/infra/session.server";
import { getUserById } from "~/models/user.server";

type SessionUser = { user: User | null; clearCookie: string | null };
const loaderSessionUsers = new WeakMap<Request, Promise<SessionUser>>();

/**
 * The signed-in user, and the header that clears a session cookie naming a
 * session (or a user) that no longer exists, or a cookie that fails its signature.
 * A page's loaders (the root's and the route's, run side by side) share one look-up per GET; an action
 * (which may change the user) looks again each time.
 */
export function getSessionUser(request: Request): Promise<SessionUser> {
  if (request.method !== "GET" && request.method !== "HEAD") return readSessionUser(request);
  let found = loaderSessionUsers.get(request);
  if (!found) {
    found = readSessionUser(request);
    loaderSessionUsers.set(request, found);
  }
  return found;
}

async function readSessionUser(request: Request): Promise<SessionUser> {
  const cookieHeader = request.headers.get("cookie");
  if (!cookieHeader?.includes(`${SESSION_COOKIE}=`)) return { user: null, clearCookie: null };
  const storage = sessionStorage();
  const session = await storage.getSession(cookieHeader);
  const userId = session.get("userId");
  const found = userId ? (getUserById(getDb(), userId) ?? null) : null;
  // A deactivated staff member is a client from then on: no staff page, no staff API (what they own stays).
  const user = found?.deactivatedAt ? { ...found, isAdmin: false, isAgent: false } : found;
  if (user) return { user, clearCookie: null };
  return { user: null, clearCookie: await storage.destroySession(session) };
}

export async function getUser(request: Request): Promise<User | null> {
  return (await getSessionUser(request)).user;
}
