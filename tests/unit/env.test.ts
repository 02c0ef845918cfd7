import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "~/lib/env.server";

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

  it("treats empty strings as unset", () => {
    expect(parseEnv({ OIDC_ISSUER: "", APP_URL: "", DATABASE_URL: "" }).useLocalOidc).toBe(true);
  });

  it("checks the agency's DRE license number", () => {
    expect(() => parseEnv({ AGENCY_LICENSE: "1234" })).toThrow(/AGENCY_LICENSE/);
    expect(parseEnv({ AGENCY_LICENSE: "01234567" }).AGENCY_LICENSE).toBe("01234567");
  });
});
