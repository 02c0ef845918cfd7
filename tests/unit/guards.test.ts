import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import { sessions, users, type User } from "~/db/schema";
import { getSessionUser } from "~/infra/session-user.server";
import { requireAdmin, requireStaff, requireUser } from "~/infra/guards.server";
import { updateStaff } from "~/models/team.server";
import { loader as rootLoader } from "~/root";
import { addAgent, useAppDb } from "./db";
import { answer, args, get, ORIGIN, sessionCookie } from "./request";

const app = useAppDb();
let db: Db;
let admin: User;
let client: User;
beforeEach(() => ({ db, admin, client } = app));

describe("requireUser and requireAdmin", () => {
  it("return the user when allowed", async () => {
    expect((await requireUser(await get("/client-portal", client))).id).toBe(client.id);
    expect((await requireAdmin(await get("/admin", admin))).id).toBe(admin.id);
  });

  it("let an agent into staff pages (not admin-only ones) until deactivated, then treat them as a client", async () => {
    const agent = addAgent(db, admin);
    expect((await requireStaff(await get("/admin", agent))).id).toBe(agent.id);
    expect((await answer(async () => requireAdmin(await get("/admin/team", agent)))).status).toBe(403);
    updateStaff(db, admin, agent.id, { active: false });
    expect((await answer(async () => requireStaff(await get("/admin", agent)))).status).toBe(403);
    expect((await requireUser(await get("/client-portal", agent))).isAgent).toBe(false);
    updateStaff(db, admin, agent.id, { active: true });
    expect((await requireStaff(await get("/admin", agent))).id).toBe(agent.id);
  });

  it("throw the JSON 401/403 for /api", async () => {
    const anonymous = await answer(() => requireUser(new Request(`${ORIGIN}/api/listings`)));
    expect(anonymous).toMatchObject({ status: 401, data: { message: "Unauthorized" } });
    const notAdmin = await answer(async () => requireAdmin(await get("/api/contact-submissions", client)));
    expect(notAdmin).toMatchObject({ status: 403, data: { message: "Forbidden" } });
    expect(notAdmin.headers.get("content-type")).toMatch(/application\/json/);
  });

  it("throw a page 401/403 carrying the card and the login path", async () => {
    const anonymous = await answer(() => requireUser(new Request(`${ORIGIN}/client-portal?dialog=add-property`)));
    expect(anonymous).toMatchObject({
      status: 401,
      data: { access: "sign-in", loginHref: "/api/login?returnTo=%2Fclient-portal%3Fdialog%3Dadd-property" },
    });
    const anonymousAdmin = await answer(() => requireAdmin(new Request(`${ORIGIN}/admin`)));
    expect(anonymousAdmin).toMatchObject({
      status: 401,
      data: { access: "admin", loginHref: "/api/login?returnTo=%2Fadmin" },
    });
    const client403 = await answer(async () => requireAdmin(await get("/admin/submissions", client)));
    expect(client403).toMatchObject({
      status: 403,
      data: { access: "admin", loginHref: "/api/login?returnTo=%2Fadmin%2Fsubmissions&prompt=login" },
    });
  });

  it("refuse a cross-site write before anything else", async () => {
    const request = new Request(`${ORIGIN}/client-portal`, {
      method: "POST",
      headers: { origin: "https://evil.example", cookie: await sessionCookie(client) },
    });
    expect(await answer(() => requireUser(request))).toMatchObject({
      status: 403,
      data: { message: "Cross-site request refused" },
    });
  });
});

describe("one look-up of the session per page", () => {
  it("is shared by a GET's loaders, while an action and a new request look again", async () => {
    const cookie = await sessionCookie(client);
    const page = new Request(`${ORIGIN}/client-portal`, { headers: { cookie } });
    const post = new Request(`${ORIGIN}/client-portal`, { method: "POST", headers: { cookie, origin: ORIGIN } });
    expect((await getSessionUser(page)).user?.id).toBe(client.id);
    expect((await getSessionUser(post)).user?.id).toBe(client.id);
    db.delete(sessions).run(); // signed out in between (another tab, or an admin revoking it)
    expect((await getSessionUser(page)).user?.id).toBe(client.id); // the same page render
    expect((await getSessionUser(post)).user).toBeNull();
    expect((await getSessionUser(new Request(`${ORIGIN}/client-portal`, { headers: { cookie } }))).user).toBeNull();
  });
});

describe("a session cookie that names nothing any more", () => {
  it("is cleared when its session row is gone", async () => {
    const cookie = await sessionCookie(client);
    db.delete(sessions).run();
    const request = new Request(`${ORIGIN}/`, { headers: { cookie } });
    const { user, clearCookie } = await getSessionUser(request);
    expect(user).toBeNull();
    expect(clearCookie).toMatch(/^__session=; .*Expires=Thu, 01 Jan 1970/);
    const root = await answer(async () => rootLoader(args(request)));
    expect(root.headers.getSetCookie().some((c) => c.startsWith("__session=;"))).toBe(true);
    const page = await answer(() => requireUser(new Request(`${ORIGIN}/client-portal`, { headers: { cookie } })));
    expect(page.status).toBe(401);
    expect(page.headers.get("set-cookie")).toMatch(/^__session=;/);
  });

  it("is cleared when its user is gone, and its row deleted", async () => {
    const cookie = await sessionCookie(client);
    db.delete(users).where(eq(users.id, client.id)).run();
    const { user, clearCookie } = await getSessionUser(new Request(`${ORIGIN}/`, { headers: { cookie } }));
    expect(user).toBeNull();
    expect(clearCookie).toMatch(/^__session=;/);
    expect(db.select().from(sessions).all()).toHaveLength(0);
  });

  it("a tampered cookie is cleared; a valid one and no cookie send nothing", async () => {
    const tampered = await getSessionUser(new Request(`${ORIGIN}/`, { headers: { cookie: "__session=forged.value" } }));
    expect(tampered.clearCookie).toMatch(/^__session=;/);
    const valid = await getSessionUser(new Request(`${ORIGIN}/`, { headers: { cookie: await sessionCookie(client) } }));
    expect(valid).toMatchObject({ user: { id: client.id }, clearCookie: null });
    expect(await getSessionUser(new Request(`${ORIGIN}/`))).toEqual({ user: null, clearCookie: null });
  });
});
