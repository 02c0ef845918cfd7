import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import { sessions } from "~/db/schema";
import { createDbSessionStorage, purgeExpiredSessions } from "~/infra/session.server";
import { upsertUserFromClaims } from "~/models/user.server";
import { freshDb } from "./db";

const SECRET = "unit-test-secret-of-at-least-32-chars!";

function cookieHeader(setCookie: string) {
  return setCookie.split(";")[0]!;
}

describe("session storage in the sessions table", () => {
  let db: Db;
  let userId: string;
  beforeEach(() => {
    db = freshDb();
    userId = upsertUserFromClaims(db, { email: "s@example.com" }).id;
  });

  const storage = (maxAgeSeconds?: number) =>
    createDbSessionStorage({ db: () => db, secret: SECRET, secure: false, maxAgeSeconds });

  it("creates a row and a cookie that holds only the signed id", async () => {
    const s = storage();
    const session = await s.getSession();
    session.set("userId", userId);
    const setCookie = await s.commitSession(session);
    expect(setCookie).toMatch(/^__session=/);
    expect(setCookie).toContain("HttpOnly");
    expect(setCookie).toContain("SameSite=Lax");
    expect(setCookie).not.toContain("Secure");
    expect(setCookie).not.toContain(userId);
    const rows = db.select().from(sessions).all();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.sess).toEqual({ userId, seenAt: expect.any(Number) });
    expect(rows[0]!.expire.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);

    const read = await s.getSession(cookieHeader(setCookie));
    expect(read.get("userId")).toBe(userId);
  });

  it("marks the cookie Secure when asked", async () => {
    const s = createDbSessionStorage({ db: () => db, secret: SECRET, secure: true });
    const session = await s.getSession();
    session.set("userId", userId);
    expect(await s.commitSession(session)).toContain("Secure");
  });

  it("refuses a cookie signed with another secret", async () => {
    const s = storage();
    const session = await s.getSession();
    session.set("userId", userId);
    const setCookie = await s.commitSession(session);
    const other = createDbSessionStorage({
      db: () => db,
      secret: "another-secret-of-at-least-32-chars!!",
      secure: false,
    });
    expect((await other.getSession(cookieHeader(setCookie))).get("userId")).toBeUndefined();
  });

  it("refuses and deletes an expired session", async () => {
    const s = storage();
    const session = await s.getSession();
    session.set("userId", userId);
    const setCookie = await s.commitSession(session);
    db.update(sessions)
      .set({ expire: new Date(Date.now() - 1000) })
      .run();
    expect((await s.getSession(cookieHeader(setCookie))).get("userId")).toBeUndefined();
    expect(db.select().from(sessions).all()).toHaveLength(0);
  });

  it("destroys the row on logout, so the old cookie signs nobody in", async () => {
    const s = storage();
    const session = await s.getSession();
    session.set("userId", userId);
    const cookie = cookieHeader(await s.commitSession(session));
    const clear = await s.destroySession(await s.getSession(cookie));
    expect(clear).toContain("Expires=Thu, 01 Jan 1970");
    expect(db.select().from(sessions).all()).toHaveLength(0);
    expect((await s.getSession(cookie)).get("userId")).toBeUndefined();
  });

  it("purges expired rows and keeps live ones", async () => {
    const s = storage();
    for (let i = 0; i < 3; i++) {
      const session = await s.getSession();
      session.set("userId", userId);
      await s.commitSession(session);
    }
    const [first] = db.select().from(sessions).all();
    db.update(sessions)
      .set({ expire: new Date(Date.now() - 1) })
      .where(eq(sessions.sid, first!.sid))
      .run();
    expect(purgeExpiredSessions(db)).toBe(1);
    expect(db.select().from(sessions).all()).toHaveLength(2);
  });
});

describe("sessions end", () => {
  let db: Db;
  let time = 0;
  beforeEach(() => {
    db = freshDb();
    time = Date.UTC(2026, 0, 1);
  });
  const storage = () =>
    createDbSessionStorage({ db: () => db, secret: "s".repeat(32), secure: false, now: () => time });

  it("end after 7 days without a visit, and a visit keeps them going", async () => {
    const s = storage();
    const session = await s.getSession();
    session.set("userId", "u1");
    const cookie = (await s.commitSession(session)).split(";")[0]!;
    time += 6 * 86_400_000;
    expect((await s.getSession(cookie)).get("userId")).toBe("u1");
    time += 6 * 86_400_000; // 12 days after sign-in, 6 after the last visit
    expect((await s.getSession(cookie)).get("userId")).toBe("u1");
    time += 7 * 86_400_000;
    expect((await s.getSession(cookie)).get("userId")).toBeUndefined();
    expect(db.$client.prepare("select count(*) from sessions").pluck().get()).toBe(0);
  });
});
