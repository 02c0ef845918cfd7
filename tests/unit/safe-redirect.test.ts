import { describe, expect, it } from "vitest";
import { safeRedirect } from "~/lib/safe-redirect";

describe("safeRedirect", () => {
  it.each([
    ["/client-portal", "/client-portal"],
    ["/blog/escrow?x=1#top", "/blog/escrow?x=1#top"],
    ["/admin", "/admin"],
  ])("keeps the same-origin path %s", (input, expected) => {
    expect(safeRedirect(input, "/fallback")).toBe(expected);
  });

  it.each([
    "//evil.example",
    "//evil.example/path",
    "/\\evil.example",
    "https://evil.example",
    "http:/evil.example",
    "javascript:alert(1)",
    "evil.example",
    "/%0d%0aSet-Cookie:x",
    "/\tevil",
    "",
    null,
    undefined,
  ])("refuses %j: the fallback, never the input", (input) => {
    expect(safeRedirect(input as string, "/fallback")).toBe("/fallback");
  });

  it("never returns a path that a browser reads as another host", () => {
    for (const input of ["//evil.example", "/\\evil.example", "\\\\evil.example", " //evil.example"]) {
      const out = safeRedirect(input, "/");
      expect(new URL(out, "https://homes.example").host).toBe("homes.example");
    }
  });
});
