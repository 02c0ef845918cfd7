import { afterEach, describe, expect, it, vi } from "vitest";

describe("assertSameOrigin", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  async function load() {
    vi.stubEnv("APP_URL", "https://homes.example.com");
    vi.stubEnv("DEMO_SIGN_IN", "true");
    return import("~/infra/http.server");
  }

  const post = (headers: Record<string, string>, url = "https://homes.example.com/api/logout") =>
    new Request(url, { method: "POST", headers });

  it("lets same-origin writes and reads through", async () => {
    const { assertSameOrigin } = await load();
    expect(() => assertSameOrigin(post({ origin: "https://homes.example.com" }))).not.toThrow();
    expect(() => assertSameOrigin(post({}))).not.toThrow();
    expect(() =>
      assertSameOrigin(new Request("https://homes.example.com/", { headers: { origin: "https://evil.example" } })),
    ).not.toThrow();
  });

  it("refuses another site's Origin and cross-site fetch metadata with 403", async () => {
    const { assertSameOrigin } = await load();
    const cases: Record<string, string>[] = [
      { origin: "https://evil.example" },
      { origin: "null" },
      { origin: "https://homes.example.com.evil.example" },
      { "sec-fetch-site": "cross-site" },
    ];
    for (const headers of cases) {
      try {
        assertSameOrigin(post(headers));
        expect.unreachable(JSON.stringify(headers));
      } catch (thrown) {
        expect(thrown).toBeInstanceOf(Response);
        expect((thrown as Response).status).toBe(403);
      }
    }
  });

  it("reads malformed JSON as a 400", async () => {
    const { readJson } = await load();
    const request = new Request("https://homes.example.com/api/x", { method: "POST", body: "{nope" });
    await expect(readJson(request)).rejects.toSatisfy((r: unknown) => r instanceof Response && r.status === 400);
  });
});
