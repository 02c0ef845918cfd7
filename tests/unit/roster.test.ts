/**
 * The roster (issue 46, first part; docs/roster.md), through the API as the broker and the routing would meet it:
 * a license's expiry kept and read in words; an agent whose license has expired is never assigned a lead or a
 * client (409 naming the license) nor routed one; the broker reminded 90 and 30 days before (once each), and of
 * the DRE notice of a hire or a departure once a day until marked sent.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { contactSubmissions, type User } from "~/db/schema";
import { contactSchema } from "~/lib/contact-schema";
import { addDaysTo, instantAt, todayIn } from "~/lib/plain-date";
import { licenseReminderDue, licenseState } from "~/lib/roster-rules";
import { submitContact } from "~/models/lead-intake.server";
import { remindRoster } from "~/models/roster-reminders.server";
import { updateSettings, agencyCosts } from "~/models/settings.server";
import { createTransaction } from "~/models/transaction.server";
import { action as patchTeam } from "~/routes/api.team.$id";
import { action as addTeam, loader as listTeamApi } from "~/routes/api.team";
import { action as patchTransaction } from "~/routes/api.transactions.$id._index";
import { outboxWithContent, useAppDb } from "./db";
import { answer, args, get, ORIGIN, sessionCookie } from "./request";

const app = useAppDb();

async function json(method: string, path: string, user: Pick<User, "id">, body?: unknown) {
  const headers = new Headers({
    origin: ORIGIN,
    "content-type": "application/json",
    cookie: await sessionCookie(user),
  });
  return new Request(`${ORIGIN}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

// The test's day, read at each test (a run across midnight would otherwise mix two days).
let today: string;
beforeEach(() => {
  today = todayIn(new Date());
});

async function addAgent(name: string, licenseExpiresOn?: string) {
  const added = await answer(async () =>
    addTeam(
      args(
        await json("POST", "/api/team", app.admin, {
          email: `${name.toLowerCase()}@agency.test`,
          firstName: name,
          lastName: "Agent",
          role: "agent",
          licenseNumber: "01234567",
          ...(licenseExpiresOn ? { licenseExpiresOn } : {}),
        }),
      ),
    ),
  );
  expect(added.status).toBe(201);
  return added.data as {
    id: string;
    licenseExpiresOn: string | null;
    joinedOn: string;
    license: string;
    dreNotices: unknown[];
  };
}

describe("the roster's rules", () => {
  it("a license's state and the reminder due, once per threshold and expiry date", () => {
    expect(licenseState(null, today)).toEqual({ state: "unknown" });
    expect(licenseState(addDaysTo(today, -1), today).state).toBe("expired");
    expect(licenseState(today, today).state).toBe("expiring");
    expect(licenseState(addDaysTo(today, 91), today).state).toBe("current");
    const expires = addDaysTo(today, 30);
    expect(licenseReminderDue(addDaysTo(today, 91), null, today)).toBeNull();
    expect(licenseReminderDue(addDaysTo(today, 90), null, today)).toBe(90);
    expect(licenseReminderDue(expires, null, today)).toBe(30);
    expect(licenseReminderDue(expires, `${expires}:90`, today)).toBe(30);
    expect(licenseReminderDue(expires, `${expires}:30`, today)).toBeNull();
    // Renewed: a new expiry date starts again.
    expect(licenseReminderDue(addDaysTo(today, 80), `${expires}:30`, today)).toBe(90);
  });
});

describe("the roster over the API", () => {
  it("keeps the expiry and the day joined; refuses a date that is not one", async () => {
    const ana = await addAgent("Ana", addDaysTo(today, 400));
    expect(ana).toMatchObject({ licenseExpiresOn: addDaysTo(today, 400), joinedOn: today, license: "current" });
    expect(ana.dreNotices).toEqual([{ kind: "hire", dueOn: addDaysTo(today, 5), overdue: false }]);
    const bad = await answer(async () =>
      patchTeam(
        args(await json("PATCH", `/api/team/${ana.id}`, app.admin, { licenseExpiresOn: "2027-02-30" }), { id: ana.id }),
      ),
    );
    expect(bad.status).toBe(400);
    expect((bad.data as { errors: Record<string, unknown> }).errors).toHaveProperty("licenseExpiresOn");
    const list = (await answer(async () => listTeamApi(args(await get("/api/team", app.admin))))).data as Array<{
      email: string;
    }>;
    expect(list.map((p) => p.email)).toContain("ana@agency.test");
  });

  it("an agent whose license has expired is not assigned a client or a lead, nor routed one", async () => {
    const bo = await addAgent("Bo", addDaysTo(today, -1));
    const cy = await addAgent("Cy", addDaysTo(today, 300));
    const t = createTransaction(
      app.db,
      app.admin,
      { email: app.client.email, type: "selling", propertyAddress: "1 A St", homeValue: "500000" },
      { notify: false },
    );
    const refused = await answer(async () =>
      patchTransaction(
        args(await json("PATCH", `/api/transactions/${t.id}`, app.admin, { assignedAgentId: bo.id }), {
          id: String(t.id),
        }),
      ),
    );
    expect(refused.status).toBe(409);
    expect((refused.data as { message: string }).message).toMatch(/Bo Agent's DRE license #01234567 expired on/);
    const allowed = await answer(async () =>
      patchTransaction(
        args(await json("PATCH", `/api/transactions/${t.id}`, app.admin, { assignedAgentId: cy.id }), {
          id: String(t.id),
        }),
      ),
    );
    expect(allowed.status).toBe(200);

    // Round robin passes over Bo.
    updateSettings(app.db, app.admin, {
      costs: agencyCosts(app.db),
      routing: { mode: "round_robin", claimMinutes: 15 },
    });
    for (const i of [1, 2, 3]) {
      submitContact(
        app.db,
        contactSchema.parse({ firstName: "L", lastName: `${i}`, email: `l${i}@example.com`, phone: "6195550100" }),
      );
    }
    const owners = app.db.select({ agent: contactSubmissions.assignedAgentId }).from(contactSubmissions).all();
    expect(owners.map((o) => o.agent)).toEqual([cy.id, cy.id, cy.id]);

    // Renewed: assignable again.
    const renewed = await answer(async () =>
      patchTeam(
        args(await json("PATCH", `/api/team/${bo.id}`, app.admin, { licenseExpiresOn: addDaysTo(today, 1460) }), {
          id: bo.id,
        }),
      ),
    );
    expect(renewed.status).toBe(200);
    const again = await answer(async () =>
      patchTransaction(
        args(await json("PATCH", `/api/transactions/${t.id}`, app.admin, { assignedAgentId: bo.id }), {
          id: String(t.id),
        }),
      ),
    );
    expect(again.status).toBe(200);
  });

  it("reminds the broker 90 and 30 days before an expiry, and of a DRE notice daily until it is marked sent", async () => {
    const morning = (date: string) => instantAt(date, 9);
    const ana = await addAgent("Ana", addDaysTo(today, 95));
    const subjects = () => outboxWithContent(app.db, "staff_notice").map((m) => m.subject);

    // Today: the hire's notice (due in 5 days), no license reminder yet.
    expect(remindRoster(app.db, morning(today))).toBe(1);
    expect(remindRoster(app.db, morning(today))).toBe(0);
    expect(subjects()).toEqual(["A DRE notice is due for Ana Agent"]);
    // The next day, again; then marked sent: no more.
    expect(remindRoster(app.db, morning(addDaysTo(today, 1)))).toBe(1);
    const marked = await answer(async () =>
      patchTeam(args(await json("PATCH", `/api/team/${ana.id}`, app.admin, { dreNoticeSent: "hire" }), { id: ana.id })),
    );
    expect(marked.status).toBe(200);
    expect((marked.data as { dreNotices: unknown[] }).dreNotices).toEqual([]);
    expect(remindRoster(app.db, morning(addDaysTo(today, 2)))).toBe(0);

    // 90 days before, once; 30 days before, once.
    expect(remindRoster(app.db, morning(addDaysTo(today, 5)))).toBe(1);
    expect(remindRoster(app.db, morning(addDaysTo(today, 6)))).toBe(0);
    expect(remindRoster(app.db, morning(addDaysTo(today, 65)))).toBe(1);
    expect(remindRoster(app.db, morning(addDaysTo(today, 66)))).toBe(0);
    expect(subjects().filter((s) => /DRE license expires on/.test(s))).toHaveLength(2);

    // A departure: left today, the DRE told within 10 days.
    const off = await answer(async () =>
      patchTeam(args(await json("PATCH", `/api/team/${ana.id}`, app.admin, { active: false }), { id: ana.id })),
    );
    expect(off.data).toMatchObject({ leftOn: today, dreNotices: [{ kind: "leave", dueOn: addDaysTo(today, 10) }] });
  });
});
