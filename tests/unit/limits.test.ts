/** Rate limits, request bodies and field limits. */
import { describe, expect, it } from "vitest";
import { blogPostSchema } from "~/lib/blog-schema";
import { contactSchema } from "~/lib/contact-schema";
import { savedHomeSchema } from "~/lib/saved-home-schema";
import { clientKey, consumeRateLimit, rateLimitKey, waitText } from "~/infra/rate-limit.server";
import { BODY_MESSAGES, checkBody } from "../../server/request-body";
import { freshDb } from "./db";

describe("rate limits", () => {
  it("key a client by IPv4 address, or by the /64 of an IPv6 address", () => {
    expect(clientKey("203.0.113.7")).toBe("203.0.113.7");
    expect(clientKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(clientKey("2001:db8:abcd:12:1:2:3:4")).toBe("2001:db8:abcd:12::/64");
    expect(clientKey("2001:db8:abcd:12::99")).toBe("2001:db8:abcd:12::/64");
    expect(clientKey("not an ip")).toBe("unknown");
    expect(clientKey(undefined)).toBe("unknown");
    expect(rateLimitKey("contact", { points: 5, seconds: 60 }, "203.0.113.7")).toBe("contact:60:203.0.113.7");
  });

  it("refuse past the limit with the time to wait, per kind and per client, counted in the database", async () => {
    const db = freshDb();
    const windows = [
      { points: 2, seconds: 60 },
      { points: 3, seconds: 86_400 },
    ];
    const consume = (ip: string, kind: "contact" | "token" = "contact") => consumeRateLimit(kind, ip, { db, windows });
    expect(await consume("203.0.113.7")).toEqual({ ok: true });
    expect(await consume("203.0.113.7")).toEqual({ ok: true });
    const refused = await consume("203.0.113.7");
    expect(refused).toMatchObject({ ok: false });
    expect(refused.ok === false && refused.retryAfterSeconds).toBeGreaterThan(0);
    expect(refused.ok === false && refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect(await consume("203.0.113.8")).toEqual({ ok: true });
    expect(await consume("203.0.113.7", "token")).toEqual({ ok: true });
    const rows = db.$client
      .prepare("select key, points from rate_limits where key like 'contact:%203.0.113.7' order by key")
      .all();
    expect(rows).toEqual([
      { key: "contact:60:203.0.113.7", points: 3 },
      { key: "contact:86400:203.0.113.7", points: 3 },
    ]);
    // The day window: the 4th request in a day is refused for up to a day.
    const later = await consume("203.0.113.7");
    expect(later.ok === false && later.retryAfterSeconds).toBeGreaterThan(3600);
    expect(waitText(30)).toBe("a minute");
    expect(waitText(600)).toBe("10 minutes");
    expect(waitText(86_400)).toBe("24 hours");
  });
});

describe("request bodies", () => {
  const body = (method: string, path: string, contentType: string | undefined, text = "") =>
    checkBody({ method, path, contentType, body: Buffer.from(text) });

  it("take only forms on pages, and refuse a multipart body without a boundary or cut short", async () => {
    expect(await body("POST", "/", "application/x-www-form-urlencoded", "a=1")).toBeNull();
    expect(await body("POST", "/client-portal.data", "text/plain", "a=1")).toEqual({
      status: 415,
      message: BODY_MESSAGES.notAForm,
    });
    expect(await body("POST", "/", "application/json", "{}")).toMatchObject({ status: 415 });
    expect(await body("POST", "/", undefined)).toMatchObject({ status: 415 });
    expect(await body("POST", "/", "multipart/form-data", "x")).toEqual({
      status: 400,
      message: BODY_MESSAGES.badForm,
    });
    const truncated = '--XX\r\nContent-Disposition: form-data; name="a"\r\n\r\nhello';
    expect(await body("POST", "/client-portal", "multipart/form-data; boundary=XX", truncated)).toMatchObject({
      status: 400,
    });
    expect(await body("POST", "/", "multipart/form-data; boundary=XX", `${truncated}\r\n--XX--\r\n`)).toBeNull();
    expect(await body("POST", "/api/contact", "application/json", "{}")).toBeNull();
    expect(await body("GET", "/", "text/plain")).toBeNull();
  });
});

describe("field limits", () => {
  it("refuse text over its maximum length and http:// images", () => {
    const contact = { firstName: "A", lastName: "B", email: "a@example.com", phone: "6195550100" };
    expect(contactSchema.safeParse({ ...contact, firstName: "x".repeat(101) }).success).toBe(false);
    expect(contactSchema.safeParse({ ...contact, message: "x".repeat(5001) }).success).toBe(false);
    expect(contactSchema.safeParse({ ...contact, phone: "1".repeat(41) }).success).toBe(false);
    expect(contactSchema.safeParse({ ...contact, email: `${"a".repeat(250)}@example.com` }).success).toBe(false);
    const listing = { address: "1 Main St", price: "500000" };
    expect(savedHomeSchema.safeParse({ ...listing, address: "x".repeat(301) }).success).toBe(false);
    expect(savedHomeSchema.safeParse({ ...listing, notes: "x".repeat(5000) }).success).toBe(true);
    expect(savedHomeSchema.safeParse({ ...listing, notes: "x".repeat(5001) }).success).toBe(false);
    expect(savedHomeSchema.safeParse({ ...listing, imageUrl: `https://example.com/${"x".repeat(2040)}` }).success).toBe(
      false,
    );
    const http = savedHomeSchema.safeParse({ ...listing, imageUrl: "http://example.com/a.jpg" });
    expect(http.success ? null : http.error.issues[0]!.message).toBe("Use an image address that starts with https://");
    expect(savedHomeSchema.safeParse({ ...listing, imageUrl: "https://example.com/a.jpg" }).success).toBe(true);
    expect(blogPostSchema.safeParse({ title: "T", content: "c", imageUrl: "http://example.com/a.jpg" }).success).toBe(
      false,
    );
  });
});
