/**
 * Server-side sessions in the `sessions` table. The cookie holds only the
 * signed session id (Remix's `createSessionStorage`), so a session can be
 * revoked by deleting its row; expired rows are refused and purged.
 */
import { randomBytes } from "node:crypto";
import { createCookie, createSessionStorage, type SessionStorage } from "@remix-run/node";
import { eq, lt, sql } from "drizzle-orm";
import { preparedQuery, type Db } from "~/db/client.server";
import { getDb } from "~/infra/database.server";
import { sessions } from "~/db/schema";
import { env } from "~/config/env.server";

export const SESSION_COOKIE = "__session";
export const SESSION_MAX_AGE_SECONDS = 60 * 60 * 24 * 30; // 30 days
/** A session not used for this long ends, whatever its 30-day lifetime says. */
export const SESSION_IDLE_SECONDS = 60 * 60 * 24 * 7; // 7 days
/** Last use is written at most this often (not on every request). */
const SEEN_RESOLUTION_MS = 60 * 60 * 1000;

/** `seenAt`: when the session was last used (ms), kept in the row, never in the cookie. */
export type SessionData = { userId: string; seenAt?: number };

export function purgeExpiredSessions(db: Db, now = new Date()) {
  return db.delete(sessions).where(lt(sessions.expire, now)).run().changes;
}

const sessionBySid = preparedQuery((db) =>
  db
    .select()
    .from(sessions)
    .where(eq(sessions.sid, sql.placeholder("sid")))
    .prepare(),
);

export function createDbSessionStorage(options: {
  db: () => Db;
  secret: string;
  secure: boolean;
  maxAgeSeconds?: number;
  idleSeconds?: number;
  now?: () => number;
}): SessionStorage<SessionData> {
  const maxAge = options.maxAgeSeconds ?? SESSION_MAX_AGE_SECONDS;
  const idleMs = (options.idleSeconds ?? SESSION_IDLE_SECONDS) * 1000;
  const now = options.now ?? Date.now;
  const cookie = createCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: "lax",
    secure: options.secure,
    path: "/",
    maxAge,
    secrets: [options.secret],
  });
  const defaultExpiry = () => new Date(Date.now() + maxAge * 1000);

  return createSessionStorage<SessionData>({
    cookie,
    async createData(data, expires) {
      const db = options.db();
      purgeExpiredSessions(db);
      const sid = randomBytes(32).toString("base64url");
      db.insert(sessions)
        .values({ sid, sess: { ...data, seenAt: now() }, expire: expires ?? defaultExpiry() })
        .run();
      return sid;
    },
    async readData(sid) {
      const db = options.db();
      const row = sessionBySid(db).get({ sid });
      if (!row) return null;
      const data = row.sess as Partial<SessionData>;
      const time = now();
      // Sessions from before the idle timeout count from their creation.
      const seenAt = data.seenAt ?? row.expire.getTime() - maxAge * 1000;
      if (row.expire.getTime() <= time || time - seenAt >= idleMs) {
        db.delete(sessions).where(eq(sessions.sid, sid)).run();
        return null;
      }
      if (time - seenAt < SEEN_RESOLUTION_MS) return { ...data, seenAt };
      const seen = { ...data, seenAt: time };
      db.update(sessions).set({ sess: seen }).where(eq(sessions.sid, sid)).run();
      return seen;
    },
    async updateData(sid, data, expires) {
      options
        .db()
        .update(sessions)
        .set({ sess: data, expire: expires ?? defaultExpiry() })
        .where(eq(sessions.sid, sid))
        .run();
    },
    async deleteData(sid) {
      options.db().delete(sessions).where(eq(sessions.sid, sid)).run();
    },
  });
}

let storage: SessionStorage<SessionData> | undefined;

export function sessionStorage(): SessionStorage<SessionData> {
  if (!storage) {
    const config = env();
    storage = createDbSessionStorage({
      db: getDb,
      secret: config.SESSION_SECRET,
      secure: config.secureCookies,
    });
  }
  return storage;
}
