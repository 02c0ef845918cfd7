/**
 * Sign-in with OpenID Connect through remix-auth + remix-auth-oauth2
 * (authorization code with PKCE), and the helpers that read the signed-in user.
 */
import { createCookie, data, redirect } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { CodeChallengeMethod, OAuth2Strategy } from "remix-auth-oauth2";
import { z } from "zod";
import { getDb } from "~/db/client.server";
import type { User } from "~/db/schema";
import { env } from "~/lib/env.server";
import { assertSameOrigin, isApiRequest } from "~/lib/http.server";
import { localProviderInfo } from "~/lib/startup.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { SESSION_COOKIE, sessionStorage } from "~/lib/session.server";
import { getUserById, upsertUserFromClaims } from "~/models/user.server";

export const DEFAULT_RETURN_TO = "/client-portal";
export const CALLBACK_PATH = "/api/auth/callback";

/** Adds `prompt=login` when the login URL asks for it (switching accounts). */
class OIDCStrategy<U> extends OAuth2Strategy<U> {
  override name = "oidc";
  protected override authorizationParams(params: URLSearchParams, request: Request) {
    const out = new URLSearchParams(params);
    if (new URL(request.url).searchParams.get("prompt") === "login") {
      out.set("prompt", "login");
    }
    return out;
  }
}

const discoverySchema = z.object({
  issuer: z.string().url(),
  authorization_endpoint: z.string().url(),
  token_endpoint: z.string().url(),
  userinfo_endpoint: z.string().url(),
});

const userinfoSchema = z.object({
  email: z.string().email(),
  email_verified: z.boolean().optional(),
  given_name: z.string().max(200).optional().nullable(),
  family_name: z.string().max(200).optional().nullable(),
  picture: z.string().url().max(2000).optional().nullable(),
});

async function providerSettings() {
  const config = env();
  if (config.useLocalOidc) {
    const local = await localProviderInfo();
    return { issuer: local.issuer, clientId: local.clientId, clientSecret: local.clientSecret };
  }
  return {
    issuer: config.OIDC_ISSUER!,
    clientId: config.OIDC_CLIENT_ID!,
    clientSecret: config.OIDC_CLIENT_SECRET!,
  };
}

async function buildAuthenticator() {
  const config = env();
  const { issuer, clientId, clientSecret } = await providerSettings();
  const wellKnown = `${issuer.replace(/\/$/, "")}/.well-known/openid-configuration`;
  const response = await fetch(wellKnown, {
    headers: { accept: "application/json" },
    signal: AbortSignal.timeout(5000),
  });
  if (!response.ok) throw new Error(`OpenID discovery failed at ${wellKnown}: ${response.status}`);
  const metadata = discoverySchema.parse(await response.json());

  const authenticator = new Authenticator<User>();
  authenticator.use(
    new OIDCStrategy<User>(
      {
        clientId,
        clientSecret,
        authorizationEndpoint: metadata.authorization_endpoint,
        tokenEndpoint: metadata.token_endpoint,
        redirectURI: `${config.APP_URL}${CALLBACK_PATH}`,
        scopes: ["openid", "email", "profile"],
        codeChallengeMethod: CodeChallengeMethod.S256,
        cookie: {
          name: "__oidc_state",
          path: "/api",
          httpOnly: true,
          sameSite: "Lax",
          ...(config.secureCookies ? { secure: true as const } : {}),
        },
      },
      async ({ tokens }) => {
        const info = await fetch(metadata.userinfo_endpoint, {
          headers: { authorization: `Bearer ${tokens.accessToken()}`, accept: "application/json" },
          signal: AbortSignal.timeout(5000),
        });
        if (!info.ok) throw new Error(`The provider's userinfo answered ${info.status}`);
        const claims = userinfoSchema.parse(await info.json());
        if (claims.email_verified === false) {
          throw new Error("The provider has not verified this e-mail address");
        }
        return upsertUserFromClaims(
          getDb(),
          {
            email: claims.email,
            firstName: claims.given_name,
            lastName: claims.family_name,
            profileImageUrl: claims.picture,
          },
          config.ADMIN_EMAILS,
        );
      },
    ),
    "oidc",
  );
  return authenticator;
}

let authenticatorPromise: Promise<Authenticator<User>> | undefined;
function getAuthenticator() {
  authenticatorPromise ??= buildAuthenticator().catch((error: unknown) => {
    authenticatorPromise = undefined; // try discovery again next time
    throw error;
  });
  return authenticatorPromise;
}

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
  const user = userId ? (getUserById(getDb(), userId) ?? null) : null;
  if (user) return { user, clearCookie: null };
  return { user: null, clearCookie: await storage.destroySession(session) };
}

export async function getUser(request: Request): Promise<User | null> {
  return (await getSessionUser(request)).user;
}

export function loginPath(returnTo: string, options: { switchAccount?: boolean } = {}) {
  const params = new URLSearchParams({ returnTo: safeRedirect(returnTo, DEFAULT_RETURN_TO) });
  if (options.switchAccount) params.set("prompt", "login");
  return `/api/login?${params}`;
}

/**
 * What a page's 401/403 carries to the shared error boundary: which card to
 * show ('Access Required' for a sign-in, 'Access Denied' for the admin area)
 * and where the 1-second redirect goes.
 */
export type AccessDenial = { access: "sign-in" | "admin"; loginHref: string };

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
