import { readFileSync } from "node:fs";
import { parse } from "dotenv";
import { licenseName } from "~/config/site";
import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "~/config/env.server";

describe("parseEnv", () => {
  it("fills the documented defaults", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.APP_URL).toBe("http://localhost:3000");
    expect(env.DATABASE_URL).toBe("./data/app.db");
    expect(env.LOCAL_OIDC_PORT).toBe(3001);
    expect(env.ADMIN_EMAILS).toEqual([]);
    expect(env.useLocalOidc).toBe(true);
    expect(env.secureCookies).toBe(false);
    expect(env.SESSION_SECRET.length).toBeGreaterThanOrEqual(32);
  });

  it("checks the replies' settings: a domain, a port, TLS files in pairs, a long enough webhook secret", () => {
    expect(parseEnv({}).inbound).toEqual({ domain: null, smtpPort: null, tls: null, webhookSecret: null });
    const env = parseEnv({
      INBOUND_EMAIL_DOMAIN: "Reply.Example.com",
      INBOUND_SMTP_PORT: "2525",
      INBOUND_SMTP_TLS_CERT: "cert.pem",
      INBOUND_SMTP_TLS_KEY: "key.pem",
      INBOUND_WEBHOOK_SECRET: "s".repeat(16),
    });
    expect(env.inbound).toMatchObject({ domain: "reply.example.com", smtpPort: 2525, webhookSecret: "s".repeat(16) });
    expect(env.inbound.tls?.cert).toMatch(/\/cert\.pem$/);
    expect(env.mail.inboundDomain).toBe("reply.example.com");
    expect(() => parseEnv({ INBOUND_EMAIL_DOMAIN: "not a domain" })).toThrow(/INBOUND_EMAIL_DOMAIN: must be a domain/);
    expect(() => parseEnv({ INBOUND_SMTP_PORT: "2525" })).toThrow(/INBOUND_EMAIL_DOMAIN: is required/);
    expect(() => parseEnv({ INBOUND_EMAIL_DOMAIN: "r.example.com", INBOUND_SMTP_TLS_CERT: "c.pem" })).toThrow(
      /INBOUND_SMTP_TLS_KEY: INBOUND_SMTP_TLS_CERT and INBOUND_SMTP_TLS_KEY go together/,
    );
    expect(() => parseEnv({ INBOUND_EMAIL_DOMAIN: "r.example.com", INBOUND_WEBHOOK_SECRET: "short" })).toThrow(
      /INBOUND_WEBHOOK_SECRET: must be at least 16 characters/,
    );
  });

  it("derives APP_URL from PORT and normalises ADMIN_EMAILS", () => {
    const env = parseEnv({ PORT: "4000", ADMIN_EMAILS: " Boss@Example.com, ,ops@example.com " });
    expect(env.APP_URL).toBe("http://localhost:4000");
    expect(env.ADMIN_EMAILS).toEqual(["boss@example.com", "ops@example.com"]);
  });

  it("requires SESSION_SECRET in production on a public URL", () => {
    expect(() => parseEnv({ NODE_ENV: "production", APP_URL: "https://homes.example.com" })).toThrow(
      /SESSION_SECRET: is required in production/,
    );
    const env = parseEnv({
      NODE_ENV: "production",
      APP_URL: "https://homes.example.com/",
      SESSION_SECRET: "x".repeat(40),
      OIDC_ISSUER: "https://login.example.com",
      OIDC_CLIENT_ID: "site",
      OIDC_CLIENT_SECRET: "secret",
    });
    expect(env.secureCookies).toBe(true);
    expect(env.APP_URL).toBe("https://homes.example.com");
  });

  it("allows the dev secret in production on localhost", () => {
    expect(parseEnv({ NODE_ENV: "production" }).SESSION_SECRET).toBeTruthy();
  });

  it("names each wrong variable", () => {
    try {
      parseEnv({ PORT: "eighty", APP_URL: "not a url", SESSION_SECRET: "short" });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError);
      const message = (error as Error).message;
      expect(message).toContain("PORT");
      expect(message).toContain("APP_URL");
      expect(message).toContain("SESSION_SECRET: must be at least 32 characters");
    }
  });

  it("needs the client id and secret with an external issuer", () => {
    expect(() => parseEnv({ OIDC_ISSUER: "https://accounts.example.com" })).toThrow(/OIDC_CLIENT_ID/);
    const env = parseEnv({
      OIDC_ISSUER: "https://accounts.example.com",
      OIDC_CLIENT_ID: "id",
      OIDC_CLIENT_SECRET: "secret",
    });
    expect(env.useLocalOidc).toBe(false);
  });

  it("refuses a certificate password without a certificate (issue 43)", () => {
    expect(() => parseEnv({ SIGNING_P12_PASSWORD: "secret" })).toThrow(/SIGNING_P12_PASSWORD.*without SIGNING_P12/);
    expect(parseEnv({ SIGNING_P12: "/etc/seal.p12", SIGNING_P12_PASSWORD: "secret" }).signingP12).toMatchObject({
      configured: true,
      password: "secret",
    });
  });

  it("treats empty strings as unset", () => {
    expect(parseEnv({ OIDC_ISSUER: "", APP_URL: "", DATABASE_URL: "" }).useLocalOidc).toBe(true);
  });

  it("checks the agency's DRE license number", () => {
    expect(() => parseEnv({ AGENCY_LICENSE: "1234" })).toThrow(/AGENCY_LICENSE/);
    expect(parseEnv({ AGENCY_LICENSE: "01234567" }).AGENCY_LICENSE).toBe("01234567");
  });

  it("names the kind of the agency's license: a corporation's by default, or an individual broker's", () => {
    expect(parseEnv({}).site.licenseKind).toBe("corporation");
    expect(parseEnv({ AGENCY_LICENSE_KIND: "individual" }).site.licenseKind).toBe("individual");
    expect(() => parseEnv({ AGENCY_LICENSE_KIND: "llc" })).toThrow(/AGENCY_LICENSE_KIND/);
    expect(licenseName({ licenseKind: "corporation" })).toBe("California DRE Corporation License");
    expect(licenseName({ licenseKind: "individual" })).toBe("California DRE Broker License");
  });

  it("refuses the password-less demo provider on a public URL", () => {
    const run = () =>
      parseEnv({ NODE_ENV: "production", APP_URL: "https://homes.example.com", SESSION_SECRET: "x".repeat(40) });
    expect(run).toThrow(EnvError);
    expect(run).toThrow(/OIDC_ISSUER: is required when APP_URL \(https:\/\/homes\.example\.com\) is not localhost/);
    // Also outside production: what matters is who can reach the URL.
    expect(() => parseEnv({ APP_URL: "http://10.0.0.5:3000" })).toThrow(/OIDC_ISSUER/);
  });

  it("runs a public demo only when DEMO_SIGN_IN=true says so, with a banner", () => {
    const base = { NODE_ENV: "production", APP_URL: "https://demo.example.com", SESSION_SECRET: "x".repeat(40) };
    const demo = parseEnv({ ...base, DEMO_SIGN_IN: "true" });
    expect(demo.useLocalOidc).toBe(true);
    expect(demo.demoSignInBanner).toBe(true);
    expect(() => parseEnv({ ...base, DEMO_SIGN_IN: "false" })).toThrow(/OIDC_ISSUER/);
    expect(() => parseEnv({ ...base, DEMO_SIGN_IN: "yes" })).toThrow(/DEMO_SIGN_IN: must be true or false/);
    // On localhost the demo provider stays the default, without a banner.
    expect(parseEnv({ NODE_ENV: "production" }).demoSignInBanner).toBe(false);
    // With a real provider there is no banner, whatever DEMO_SIGN_IN says.
    const real = parseEnv({
      ...base,
      DEMO_SIGN_IN: "true",
      OIDC_ISSUER: "https://login.example.com",
      OIDC_CLIENT_ID: "a",
      OIDC_CLIENT_SECRET: "b",
    });
    expect(real.demoSignInBanner).toBe(false);
    expect(real.useLocalOidc).toBe(false);
  });

  it("validates the e-mail settings, naming each wrong one", () => {
    const ok = parseEnv({
      SMTP_URL: "smtps://user:pass@smtp.example.com:465",
      MAIL_FROM: "Coastline Flat Fee Realty <hello@example.com>",
      LEAD_ALERT_EMAILS: " Agent@Example.com , ops@example.com ",
      MAIL_TICK_SECONDS: "5",
      DATABASE_URL: "/srv/app/db/app.db",
    });
    expect(ok.leadAlertEmails).toEqual(["agent@example.com", "ops@example.com"]);
    expect(ok.MAIL_TICK_SECONDS).toBe(5);
    expect(ok.mailDir).toBe("/srv/app/db/mail");
    const defaults = parseEnv({ ADMIN_EMAILS: "boss@example.com" });
    expect(defaults).toMatchObject({
      MAIL_TICK_SECONDS: 60,
      mailDir: "data/mail",
      leadAlertEmails: ["boss@example.com"],
    });
    expect(defaults.SMTP_URL).toBeUndefined();
    expect(parseEnv({ MAIL_FROM: "hello@example.com" }).MAIL_FROM).toBe("hello@example.com");

    let message = "";
    try {
      parseEnv({
        SMTP_URL: "http://mail.example.com",
        MAIL_FROM: "Eve <eve@example.com>\r\nBcc: x@evil.example",
        LEAD_ALERT_EMAILS: "agent@example.com, not-an-address",
        MAIL_TICK_SECONDS: "0",
      });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain("SMTP_URL: must start with smtp:// or smtps://");
    expect(message).toContain("MAIL_FROM: must be an e-mail address");
    expect(message).toContain("LEAD_ALERT_EMAILS: must be comma-separated e-mail addresses");
    expect(message).toContain("MAIL_TICK_SECONDS");
  });

  it("reads a blank variable as unset: .env.example copied as it is gives the defaults", () => {
    const example = parse(readFileSync(".env.example"));
    expect(example.MAIL_TICK_SECONDS).toBe("");
    const env = parseEnv(example);
    expect(env.MAIL_TICK_SECONDS).toBe(60);
    expect(env.WEB_CONCURRENCY).toBe(1);
    expect(env.PORT).toBe(3000);
    expect(parseEnv({ PORT: " ", BACKUP_INTERVAL_HOURS: "" }).PORT).toBe(3000);
  });

  it("takes WEB_CONCURRENCY as a whole number of web processes, 1 unless set", () => {
    expect(parseEnv({}).WEB_CONCURRENCY).toBe(1);
    expect(parseEnv({}).SERVER_ROLE).toBe("all");
    expect(parseEnv({ WEB_CONCURRENCY: "2" }).WEB_CONCURRENCY).toBe(2);
    for (const bad of ["0", "1.5", "two", "33"]) {
      expect(() => parseEnv({ WEB_CONCURRENCY: bad })).toThrow(/WEB_CONCURRENCY/);
    }
  });
});
