/**
 * Who may see an admin page: admins. Anonymous visitors get 401 and a plain
 * login; signed-in non-admins get 403 and a login that asks the provider to
 * sign in again (prompt=login), so it never loops back by itself.
 */
import { data } from "@remix-run/node";
import type { User } from "~/db/schema";
import { getUser, loginPath } from "~/lib/auth.server";
import { assertSameOrigin } from "~/lib/http.server";

export type Denied = { denied: true; loginHref: string };

export async function adminPageAccess(request: Request, path: string) {
  const user = await getUser(request);
  const loginHref = loginPath(path, { switchAccount: Boolean(user) });
  if (!user || !user.isAdmin) {
    return { user: null, deny: data<Denied>({ denied: true, loginHref }, { status: user ? 403 : 401 }) } as const;
  }
  return { user, deny: null } as const;
}

/** For admin page actions: the admin, or a thrown 401/403. */
export async function requireAdminAction(request: Request): Promise<User> {
  assertSameOrigin(request);
  const user = await getUser(request);
  if (!user) throw data({ message: "Sign in required" }, { status: 401 });
  if (!user.isAdmin) throw data({ message: "Access Denied" }, { status: 403 });
  return user;
}
