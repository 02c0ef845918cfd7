/**
 * The local demo OpenID Connect provider (the `oidc-provider` package), started
 * on 127.0.0.1 when no OIDC_ISSUER is configured. Its sign-in page asks for an
 * e-mail address and a first name, never asks for consent, and the app talks to
 * it exactly as to any external provider (discovery, authorization code + PKCE,
 * token, userinfo). It is for trying the product and for the browser tests: it
 * checks no password.
 */
import { generateKeyPairSync, randomBytes } from "node:crypto";
import http from "node:http";
import Provider, { interactionPolicy } from "oidc-provider";
import { env } from "~/config/env.server";
import { plainPage } from "~/infra/plain-page.server";
import { consumeRateLimit, rateLimitMessage, retryAfterHeaders } from "~/infra/rate-limit.server";
import { fullName } from "~/lib/format";
import { ListenError } from "~/lib/errors";

export const LOCAL_CLIENT_ID = "flatfee-local";

type Account = { email: string; firstName?: string; lastName?: string };

export type LocalProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close: () => Promise<void>;
};

function loginForm(uid: string, error?: string, email = "", firstName = "") {
  return plainPage(
    "Sign in (local demo provider)",
    <>
      <h1>Sign in</h1>
      <p>Local demo sign-in: enter any e-mail address. No password is checked.</p>
      {error ? (
        <p className="error" role="alert">
          {error}
        </p>
      ) : null}
      <form method="post" action={`/interaction/${uid}/login`}>
        <label htmlFor="email">E-mail address</label>
        <input id="email" name="email" type="email" required autoComplete="email" defaultValue={email} autoFocus />
        <label htmlFor="firstName">First name</label>
        <input id="firstName" name="firstName" type="text" autoComplete="given-name" defaultValue={firstName} />
        <button type="submit">Sign in</button>
      </form>
      <form method="post" action={`/interaction/${uid}/abort`}>
        <button type="submit" className="secondary">
          Cancel
        </button>
      </form>
    </>,
  );
}

async function readForm(req: http.IncomingMessage) {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 16_384) throw new Error("Request body too large");
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The demo provider's issuer URL: on the loopback interface only. */
export const localIssuer = (port: number) => `http://127.0.0.1:${port}`;

export async function startLocalProvider(options: {
  port: number;
  redirectUri: string;
  /** Given by the server to a cluster (server/config.ts), whose workers need it too; otherwise random. */
  clientSecret?: string;
}): Promise<LocalProvider> {
  const issuer = localIssuer(options.port);
  const clientSecret = options.clientSecret ?? randomBytes(24).toString("base64url");
  const accounts = new Map<string, Account>();

  // An EC key: made in a millisecond, where an RSA key's search for primes takes 0.1 s on an idle machine
  // and seconds on a busy one (the app reads the userinfo endpoint, never the ID token's signature).
  const { privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const jwk = { ...privateKey.export({ format: "jwk" }), use: "sig", alg: "ES256" };

  // The demo provider always shows its sign-in form, so anyone can switch
  // between accounts; it asks once per authorization request.
  const policy = interactionPolicy.base();
  policy
    .get("login")!
    .checks.add(
      new interactionPolicy.Check(
        "demo_always_sign_in",
        "The local demo provider asks who you are on every sign-in",
        (ctx) =>
          ctx.oidc.result?.login ? interactionPolicy.Check.NO_NEED_TO_PROMPT : interactionPolicy.Check.REQUEST_PROMPT,
      ),
    );

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: LOCAL_CLIENT_ID,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_basic",
        id_token_signed_response_alg: "ES256",
      },
    ],
    pkce: { methods: ["S256"], required: () => true },
    claims: {
      openid: ["sub"],
      email: ["email", "email_verified"],
      profile: ["given_name", "family_name", "name"],
    },
    scopes: ["openid", "email", "profile"],
    jwks: { keys: [jwk as never] },
    cookies: { keys: [randomBytes(32).toString("hex")] },
    features: { devInteractions: { enabled: false } },
    interactions: {
      policy,
      url: (_ctx, interaction) => `/interaction/${interaction.uid}`,
    },
    // First-party demo client: grant the requested scopes without a consent screen.
    async loadExistingGrant(ctx) {
      const grantId = ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session!.grantIdFor(ctx.oidc.client!.clientId);
      if (grantId) {
        const existing = await ctx.oidc.provider.Grant.find(grantId);
        if (existing) return existing;
      }
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client!.clientId,
        accountId: ctx.oidc.session!.accountId!,
      });
      grant.addOIDCScope("openid email profile");
      await grant.save();
      return grant;
    },
    async findAccount(_ctx, id) {
      const account = accounts.get(id) ?? { email: id };
      return {
        accountId: id,
        async claims() {
          return {
            sub: id,
            email: account.email,
            email_verified: true,
            given_name: account.firstName,
            family_name: account.lastName,
            name: fullName(account) || undefined,
          };
        },
      };
    },
    ttl: { Session: 8 * 3600, Interaction: 3600, Grant: 8 * 3600 },
  });
  // Keep the provider quiet in the server log about expected user errors.
  provider.on("server_error", (_ctx, error) => {
    console.error("[local-oidc] server error:", error);
  });

  const callback = provider.callback();

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", issuer);
    const match = url.pathname.match(/^\/interaction\/([\w-]+)(?:\/(login|abort))?$/);
    if (!match) return callback(req, res);
    try {
      const details = await provider.interactionDetails(req, res);
      const uid = details.uid;
      if (req.method === "GET" && !match[2]) {
        res.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
        return res.end(loginForm(uid));
      }
      if (req.method === "POST" && match[2] === "abort") {
        return await provider.interactionFinished(
          req,
          res,
          { error: "access_denied", error_description: "The person cancelled sign-in." },
          { mergeWithLastSubmission: false },
        );
      }
      if (req.method === "POST" && match[2] === "login") {
        const limit = await consumeRateLimit("signIn", req.socket.remoteAddress);
        if (!limit.ok) {
          res.writeHead(429, { "content-type": "text/html; charset=utf-8", ...retryAfterHeaders(limit) });
          return res.end(loginForm(uid, rateLimitMessage(limit)));
        }
        const form = await readForm(req);
        const email = (form.get("email") ?? "").trim().toLowerCase();
        const firstName = (form.get("firstName") ?? "").trim().slice(0, 80);
        if (!EMAIL.test(email) || email.length > 254) {
          res.writeHead(400, { "content-type": "text/html; charset=utf-8" });
          return res.end(loginForm(uid, "Enter a valid e-mail address.", email, firstName));
        }
        accounts.set(email, { email, firstName: firstName || undefined });
        return await provider.interactionFinished(
          req,
          res,
          { login: { accountId: email } },
          { mergeWithLastSubmission: false },
        );
      }
      res.writeHead(405).end();
    } catch {
      res.writeHead(400, { "content-type": "text/html; charset=utf-8" });
      res.end(
        plainPage(
          "Sign-in expired",
          <>
            <h1>Sign-in expired</h1>
            <p>This sign-in page is no longer valid. Go back to the site and sign in again.</p>
          </>,
        ),
      );
    }
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", (error) => reject(new ListenError("LOCAL_OIDC_PORT", options.port, error)));
    server.listen(options.port, "127.0.0.1", () => resolve());
  });

  return {
    issuer,
    clientId: LOCAL_CLIENT_ID,
    clientSecret,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const state = globalThis as unknown as { __localOidc?: Promise<LocalProvider> };

/**
 * The local provider of this process (started on first use). A cluster worker runs none: the primary
 * does, with the client secret it gave its workers (LOCAL_OIDC_CLIENT_SECRET).
 */
export function localProviderInfo(): Promise<LocalProvider> {
  const config = env();
  if (config.SERVER_ROLE === "web") {
    if (!config.LOCAL_OIDC_CLIENT_SECRET)
      throw new Error("A cluster worker needs LOCAL_OIDC_CLIENT_SECRET from its primary");
    return Promise.resolve({
      issuer: localIssuer(config.LOCAL_OIDC_PORT),
      clientId: LOCAL_CLIENT_ID,
      clientSecret: config.LOCAL_OIDC_CLIENT_SECRET,
      close: async () => {},
    });
  }
  state.__localOidc ??= startLocalProvider({
    clientSecret: config.LOCAL_OIDC_CLIENT_SECRET,
    port: config.LOCAL_OIDC_PORT,
    redirectUri: `${config.APP_URL}/api/auth/callback`,
  });
  return state.__localOidc;
}

/** Closes this process's provider, if it started one. */
export async function closeLocalProvider() {
  if (state.__localOidc) await (await state.__localOidc).close();
}
