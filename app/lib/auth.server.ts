/**
 * Sign-in with OpenID Connect through remix-auth + remix-auth-oauth2
 * (authorization code with PKCE), and the helpers that read the signed-in user.
 */
import { createCookie, redirect } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { CodeChallengeMethod, OAuth2Strategy } from "remix-auth-oauth2";
import { z } from "zod";
import { getDb } from "~/db/client.server";
import type { User } from "~/db/schema";
import { env } from "~/lib/env.server";
import { assertSameOrigin, jsonError } from "~/lib/http.server";
import { localProviderInfo } from "~/lib/startup.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { sessionStorage } from "~/lib/session.server";
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
  const returnTo = safeRedirect(
    await returnToCookie().parse(request.headers.get("cookie")),
    DEFAULT_RETURN_TO,
  );
  const storage = sessionStorage();
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

export async function getUser(request: Request): Promise<User | null> {
  const session = await sessionStorage().getSession(request.headers.get("cookie"));
  const userId = session.get("userId");
  if (!userId) return null;
  return getUserById(getDb(), userId) ?? null;
}

export function loginPath(returnTo: string, options: { switchAccount?: boolean } = {}) {
  const params = new URLSearchParams({ returnTo: safeRedirect(returnTo, DEFAULT_RETURN_TO) });
  if (options.switchAccount) params.set("prompt", "login");
  return `/api/login?${params}`;
}

/** For /api routes: the signed-in user, or a 401 JSON response. */
export async function requireApiUser(request: Request): Promise<User> {
  assertSameOrigin(request);
  const user = await getUser(request);
  if (!user) throw jsonError(401, "Unauthorized");
  return user;
}

/** For admin /api routes: 401 when signed out, 403 for non-admins. */
export async function requireApiAdmin(request: Request): Promise<User> {
  const user = await requireApiUser(request);
  if (!user.isAdmin) throw jsonError(403, "Forbidden");
  return user;
}
