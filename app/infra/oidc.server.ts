/**
 * The OpenID Connect client (remix-auth + remix-auth-oauth2, authorization code with PKCE): the provider's
 * discovery document, the strategy, and the user it signs in (upserted by e-mail from the userinfo claims).
 * The provider is the one configured (OIDC_ISSUER), else the local demo provider.
 */
import { Authenticator } from "remix-auth";
import { CodeChallengeMethod, OAuth2Strategy } from "remix-auth-oauth2";
import { z } from "zod";
import { env } from "~/config/env.server";
import type { User } from "~/db/schema";
import { getDb } from "~/infra/database.server";
import { localProviderInfo } from "~/infra/local-oidc-provider.server";
import { upsertUserFromClaims } from "~/models/user.server";

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
          // The responsible broker's account is an admin like those of ADMIN_EMAILS.
          config.brokerEmail ? [...config.ADMIN_EMAILS, config.brokerEmail] : config.ADMIN_EMAILS,
        );
      },
    ),
    "oidc",
  );
  return authenticator;
}

let authenticatorPromise: Promise<Authenticator<User>> | undefined;
export function getAuthenticator() {
  authenticatorPromise ??= buildAuthenticator().catch((error: unknown) => {
    authenticatorPromise = undefined; // try discovery again next time
    throw error;
  });
  return authenticatorPromise;
}
