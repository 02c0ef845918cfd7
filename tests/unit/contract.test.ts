/**
 * The contract's deadlines stored and changed (app/models/contract.server.ts), the holidays' changes,
 * the reminders with an injected clock (app/models/reminders.server.ts), the calendar feeds parsed back
 * with ical.js, and the JSON API.
 */
import ICAL from "ical.js";
import { beforeEach, describe, expect, it } from "vitest";
import { env } from "~/config/env.server";
import type { Db } from "~/db/client.server";
import { deadlineReminders, type User } from "~/db/schema";
import { feedResponse } from "~/infra/calendar-feed.server";
import { ConflictError, ForbiddenError, InvalidInputError, NotFoundError } from "~/lib/errors";
import { contractSchema } from "~/lib/contract-schema";
import { calendarToken, feedOf, resetCalendarToken } from "~/models/calendar.server";
import {
  dueSoon,
  getContract,
  listDeadlines,
  offerAcceptedOn,
  saveContract,
  setDeadlineStatus,
} from "~/models/contract.server";
import { initializeMilestones, listMilestones, updateMilestone } from "~/models/milestone.server";
import { addHoliday, removeHoliday } from "~/models/holiday.server";
import { queueReminders } from "~/infra/mail-sender.server";
import { queueDueReminders } from "~/models/reminders.server";
import { createTransaction } from "~/models/transaction.server";
import { setMilestoneNotices, upsertUserFromClaims } from "~/models/user.server";
import { action as putContract } from "~/routes/api.transactions.$id.contract";
import { loader as getDeadlines } from "~/routes/api.transactions.$id.deadlines";
import { action as patchDeadline } from "~/routes/api.deadlines.$id";
import { loader as feedRoute } from "~/routes/calendar.$file";
import { freshDb, outboxWithContent, useAppDb } from "./db";
import { answer, args, ORIGIN, sessionCookie } from "./request";

const contract = (acceptedOn: string, closingOn: string | null = null, days = {}) =>
  contractSchema.parse({ acceptedOn, closingOn, days });
const dueOf = (db: Db, actor: User, id: number) =>
  Object.fromEntries(listDeadlines(db, actor, id).map((d) => [d.key, d.dueOn]));

describe("the contract", () => {
  let db: Db;
  let admin: User;
  let client: User;
  let id: number;
  beforeEach(() => {
    db = freshDb();
    admin = upsertUserFromClaims(db, { email: "boss@agency.test" }, ["boss@agency.test"]);
    client = upsertUserFromClaims(db, { email: "robin@example.com", firstName: "Robin" });
    id = createTransaction(db, admin, {
      email: client.email,
      type: "buying",
      propertyAddress: "123 Main St",
      homeValue: "800000",
    }).id;
  });

  it("has no deadlines before it is entered; saving computes the seven, soonest first", () => {
    expect(listDeadlines(db, client, id)).toEqual([]);
    saveContract(db, admin, id, contract("2027-06-17"));
    const deadlines = listDeadlines(db, client, id);
    expect(deadlines.map((d) => [d.key, d.dueOn, d.status])).toEqual([
      ["deposit", "2027-06-22", "open"],
      ["seller_disclosures", "2027-06-24", "open"],
      ["investigation_contingency", "2027-07-06", "open"],
      ["appraisal_contingency", "2027-07-06", "open"],
      ["loan_contingency", "2027-07-06", "open"],
      ["final_walkthrough", "2027-07-14", "open"],
      ["close_of_escrow", "2027-07-19", "open"],
    ]);
    const inspection = deadlines.find((d) => d.key === "investigation_contingency")!;
    expect(inspection).toMatchObject({ movedFrom: "2027-07-04", movedReason: "weekend", milestoneStep: 8 });
    expect(inspection.rule).toEqual({ days: 17, counting: "calendar" });
  });

  it("day counts not sent keep their values; a changed date raises the sequence; status survives", () => {
    saveContract(db, admin, id, contract("2027-06-01", null, { loan_contingency: 21 }));
    const loan = () => listDeadlines(db, admin, id).find((d) => d.key === "loan_contingency")!;
    expect(loan()).toMatchObject({ dueOn: "2027-06-22", sequence: 0 });
    setDeadlineStatus(db, admin, loan().id, "done", new Date("2027-06-20T18:00:00Z"));
    saveContract(db, admin, id, contract("2027-06-02", "2027-07-30"));
    expect(loan()).toMatchObject({ dueOn: "2027-06-23", rule: { days: 21 }, sequence: 1, status: "done" });
    expect(getContract(db, client, id)).toMatchObject({ acceptedOn: "2027-06-02", closingOn: "2027-07-30" });
    const close = listDeadlines(db, admin, id).find((d) => d.key === "close_of_escrow")!;
    expect(close).toMatchObject({ dueOn: "2027-07-30", rule: { days: null, counting: "entered" } });
    expect(setDeadlineStatus(db, admin, loan().id, "open")).toMatchObject({ status: "open", doneAt: null });
    // The close of escrow is the contract itself: done when it happens, never waived (409, nothing changes).
    expect(() => setDeadlineStatus(db, admin, close.id, "waived")).toThrow(ConflictError);
    expect(listDeadlines(db, admin, id).find((d) => d.key === "close_of_escrow")!.status).toBe("open");
    expect(setDeadlineStatus(db, admin, close.id, "done")).toMatchObject({ status: "done" });
  });

  it("the acceptance date is suggested from the day the 'Offer accepted' step was completed, in San Diego", () => {
    expect(offerAcceptedOn(db, admin, id)).toBeNull();
    initializeMilestones(db, admin, id);
    const step = listMilestones(db, admin, id).find((m) => m.title === "Offer accepted")!;
    // 11:30 p.m. in San Diego on June 16 is already June 17 in UTC.
    updateMilestone(
      db,
      admin,
      { transactionId: id, milestoneId: step.id },
      { status: "completed", adminNotes: "", documentUrl: "" },
      { now: new Date("2027-06-17T06:30:00Z"), notify: false },
    );
    expect(offerAcceptedOn(db, admin, id)).toBe("2027-06-16");
    expect(() => offerAcceptedOn(db, upsertUserFromClaims(db, { email: "x@example.com" }), id)).toThrow(NotFoundError);
  });

  it("only admins change it; another client cannot read it; a closing before acceptance changes nothing", () => {
    const other = upsertUserFromClaims(db, { email: "sam@example.com" });
    expect(() => saveContract(db, client, id, contract("2027-06-01"))).toThrow(ForbiddenError);
    expect(() => listDeadlines(db, other, id)).toThrow(NotFoundError);
    expect(() => saveContract(db, admin, id, { acceptedOn: "2027-06-10", closingOn: "2027-06-01", days: {} })).toThrow(
      InvalidInputError,
    );
    expect(listDeadlines(db, admin, id)).toEqual([]);
    expect(contractSchema.safeParse({ acceptedOn: "2027-02-30" }).error?.flatten().fieldErrors).toEqual({
      acceptedOn: ["Enter a real date (YYYY-MM-DD)"],
    });
    expect(
      contractSchema.safeParse({ acceptedOn: "2027-06-10", closingOn: "2027-06-01" }).error?.flatten().fieldErrors,
    ).toEqual({ closingOn: ["The close of escrow cannot be before acceptance"] });
    expect(
      contractSchema.safeParse({ acceptedOn: "2027-06-10", days: { deposit: 121 } }).error?.flatten().fieldErrors,
    ).toEqual({ days: ["Enter whole days from 0 to 120"] });
  });

  it("an added or removed holiday recomputes the open deadlines", () => {
    saveContract(db, admin, id, contract("2026-11-25"));
    expect(dueOf(db, admin, id).deposit).toBe("2026-12-01");
    expect(addHoliday(db, admin, "2026-11-27", "Day after Thanksgiving")).toBeGreaterThan(0);
    expect(dueOf(db, admin, id).deposit).toBe("2026-12-02");
    removeHoliday(db, admin, "2026-11-27");
    removeHoliday(db, admin, "2026-11-26");
    expect(dueOf(db, admin, id).deposit).toBe("2026-11-30");
    expect(() => addHoliday(db, client, "2026-12-01", "x")).toThrow(ForbiddenError);
  });

  it("staff's next 7 days across active transactions, soonest first", () => {
    saveContract(db, admin, id, contract("2027-06-17"));
    const soon = dueSoon(db, admin, "2027-06-20");
    expect(soon.map((d) => [d.key, d.dueOn])).toEqual([
      ["deposit", "2027-06-22"],
      ["seller_disclosures", "2027-06-24"],
    ]);
    expect(soon[0]).toMatchObject({ propertyAddress: "123 Main St", clientName: "Robin" });
    expect(() => dueSoon(db, client, "2027-06-20")).toThrow(ForbiddenError);
  });
});

describe("reminders, with an injected clock", () => {
  let db: Db;
  let admin: User;
  let client: User;
  let id: number;
  // Staff are LEAD_ALERT_EMAILS (vitest.config.ts); reminders go out at REMINDER_HOUR's default, 8:00.
  const at = (iso: string) => queueDueReminders(db, new Date(iso));
  const reminders = () => outboxWithContent(db, "deadline_reminder");
  beforeEach(() => {
    db = freshDb();
    admin = upsertUserFromClaims(db, { email: "boss@agency.test" }, ["boss@agency.test"]);
    client = upsertUserFromClaims(db, { email: "robin@example.com", firstName: "Robin" });
    id = createTransaction(
      db,
      admin,
      { email: client.email, type: "buying", propertyAddress: "123 Main St", homeValue: "800000" },
      { notify: false },
    ).id;
    // Deposit due Tue 2027-06-22; disclosures Thu 2027-06-24.
    saveContract(db, admin, id, contract("2027-06-17"));
  });

  it("two days before at 8:00 in San Diego, then on the day, never twice, to the client and staff", () => {
    expect(at("2027-06-20T14:59:00Z")).toBe(0); // 7:59 PDT, two days before the deposit
    expect(at("2027-06-20T15:00:00Z")).toBe(1);
    expect(at("2027-06-20T15:01:00Z")).toBe(0);
    const first = reminders();
    expect(first.map((e) => [e.toAddress, e.subject])).toEqual([
      ["robin@example.com", "Reminder: Initial deposit to escrow on Tue, Jun 22, 2027 (123 Main St)"],
      ["agent1@agency.test", "Reminder: Initial deposit to escrow on Tue, Jun 22, 2027 (123 Main St)"],
      ["agent2@agency.test", "Reminder: Initial deposit to escrow on Tue, Jun 22, 2027 (123 Main St)"],
    ]);
    expect(first[0]!.textBody).toContain("Deliver your deposit to escrow");
    expect(first[0]!.textBody).toContain("/client-portal");
    expect(first[1]!.textBody).toContain(`/admin/transactions/${id}/contract#contract`);
    expect(at("2027-06-22T15:00:00Z")).toBe(2); // the deposit's day, and two days before the disclosures
    expect(reminders().map((e) => e.subject)).toContain("Today: Initial deposit to escrow (123 Main St)");
    expect(at("2027-06-22T20:00:00Z")).toBe(0);
  });

  it("none for done or waived deadlines, nor for the client who turned notices off (staff still)", () => {
    const [deposit, disclosures] = listDeadlines(db, admin, id);
    setDeadlineStatus(db, admin, deposit!.id, "done");
    setDeadlineStatus(db, admin, disclosures!.id, "waived");
    expect(at("2027-06-22T16:00:00Z")).toBe(0);
    setDeadlineStatus(db, admin, disclosures!.id, "open");
    setMilestoneNotices(db, client, false);
    expect(at("2027-06-22T16:00:00Z")).toBe(1);
    expect(reminders().map((e) => e.toAddress)).toEqual(["agent1@agency.test", "agent2@agency.test"]);
  });

  it("a contract entered late: past deadlines get nothing; a missed reminder goes once, the day's alone when both are due", () => {
    // Entered on the deposit's day after 8:00: the deposit gets today's reminder only; nothing earlier.
    expect(at("2027-06-22T18:00:00Z")).toBe(2);
    const subjects = reminders().map((e) => e.subject);
    expect(subjects.filter((s) => s.startsWith("Today: Initial deposit"))).toHaveLength(3); // the client, 2 staff
    expect(subjects.filter((s) => s.startsWith("Reminder: Initial deposit"))).toHaveLength(0);
    expect(db.select().from(deadlineReminders).all()).toHaveLength(3); // the skipped two-day one is recorded
    // Days later: the deposit is past, nothing more for it.
    expect(at("2027-06-25T18:00:00Z")).toBe(0);
  });

  it("a changed date gets reminders of its own", () => {
    expect(at("2027-06-20T15:00:00Z")).toBe(1);
    saveContract(db, admin, id, contract("2027-06-18")); // deposit now Wed 2027-06-23
    expect(at("2027-06-21T15:00:00Z")).toBe(1);
    expect(reminders().at(-1)!.subject).toBe("Reminder: Initial deposit to escrow on Wed, Jun 23, 2027 (123 Main St)");
  });

  it("a tick whose time is spent stops after its first slice; the next ticks go on", async () => {
    for (let i = 0; i < 20; i++) {
      const t = createTransaction(
        db,
        admin,
        { email: `c${i}@example.com`, type: "selling", propertyAddress: `${i} Busy St`, homeValue: "1" },
        { notify: false },
      );
      saveContract(db, admin, t.id, contract("2027-06-17"));
    }
    const morning = () => new Date("2027-06-22T15:00:00Z"); // 21 deposits and 21 disclosures due
    expect(await queueReminders(db, morning, 0)).toBe(5); // one slice: no time left
    // The rest, with time enough (a budget of its own: a loaded machine's 600 ms would end the tick sooner).
    expect(await queueReminders(db, morning, Number.POSITIVE_INFINITY)).toBe(37);
    expect(await queueReminders(db, morning, Number.POSITIVE_INFINITY)).toBe(0);
  });

  it("two processes ticking at once send each reminder once", async () => {
    const file = `tests/.tmp/reminders-race-${process.pid}.db`;
    const { openDatabase } = await import("~/db/client.server");
    const { rmSync } = await import("node:fs");
    for (const s of ["", "-wal", "-shm"]) rmSync(`${file}${s}`, { force: true });
    const a = openDatabase(file);
    const b = openDatabase(file);
    const boss = upsertUserFromClaims(a, { email: "boss@agency.test" }, ["boss@agency.test"]);
    const t = createTransaction(
      a,
      boss,
      { email: "c@example.com", type: "selling", propertyAddress: "9 Race St", homeValue: "1" },
      { notify: false },
    );
    saveContract(a, boss, t.id, contract("2027-06-17"));
    const now = new Date("2027-06-22T16:00:00Z");
    const counts = [queueDueReminders(a, now, 1), queueDueReminders(b, now, 1)];
    counts.push(queueDueReminders(b, now), queueDueReminders(a, now));
    expect(counts.reduce((x, y) => x + y, 0)).toBe(2);
    expect(outboxWithContent(a, "deadline_reminder")).toHaveLength(6); // 2 reminders: the client and 2 staff each
    a.$client.close();
    b.$client.close();
    for (const s of ["", "-wal", "-shm"]) rmSync(`${file}${s}`, { force: true });
  });
});

describe("the calendar feed", () => {
  it("an all-day event per open deadline with a stable UID; a changed date raises SEQUENCE; reset answers 404", async () => {
    const db = freshDb();
    const admin = upsertUserFromClaims(db, { email: "boss@agency.test" }, ["boss@agency.test"]);
    const client = upsertUserFromClaims(db, { email: "robin@example.com" });
    const id = createTransaction(
      db,
      admin,
      { email: client.email, type: "buying", propertyAddress: "123 Main St", homeValue: "1" },
      { notify: false },
    ).id;
    saveContract(db, admin, id, contract("2027-06-17"));
    const token = calendarToken(db, client);
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(calendarToken(db, client)).toBe(token);
    const parse = async () => {
      const text = await feedResponse(feedOf(db, token)!).text();
      const calendar = new ICAL.Component(ICAL.parse(text));
      return {
        name: calendar.getFirstPropertyValue("x-wr-calname"),
        events: calendar.getAllSubcomponents("vevent").map((v) => {
          const event = new ICAL.Event(v);
          return {
            uid: event.uid,
            summary: event.summary,
            start: event.startDate.toString(),
            end: event.endDate.toString(),
            allDay: event.startDate.isDate,
            sequence: event.sequence,
          };
        }),
      };
    };
    const first = await parse();
    expect(first.name).toBe(`${env().mail.site.name} — 123 Main St`);
    expect(first.events).toHaveLength(7);
    expect(first.events[2]).toMatchObject({
      summary: "Investigation (inspection) contingency removal — 123 Main St",
      start: "2027-07-06",
      end: "2027-07-07",
      allDay: true,
      sequence: 0,
    });
    const [deposit] = listDeadlines(db, admin, id);
    setDeadlineStatus(db, admin, deposit!.id, "done");
    saveContract(db, admin, id, contract("2027-06-18"));
    const second = await parse();
    expect(second.events).toHaveLength(6); // the done one left
    expect(second.events.map((e) => e.uid)).toEqual(first.events.slice(1).map((e) => e.uid));
    expect(second.events[0]).toMatchObject({ start: "2027-06-25", sequence: 1 });

    resetCalendarToken(db, client);
    expect(feedOf(db, token)).toBeNull();
  });
});

describe("the API and the feed's route", () => {
  const app = useAppDb();
  const json = async (method: string, path: string, user: User | null, body?: unknown) => {
    const headers = new Headers({ origin: ORIGIN, "content-type": "application/json" });
    if (user) headers.set("cookie", await sessionCookie(user));
    return new Request(`${ORIGIN}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  };

  it("PUT the contract (admins), GET the deadlines (the client), PATCH a status; 400, 401, 403, 404", async () => {
    const { db, admin, client } = app;
    const id = createTransaction(db, admin, {
      email: client.email,
      type: "selling",
      propertyAddress: "5 Sale Ave",
      homeValue: "1",
    }).id;
    const params = { id: String(id) };
    const empty = await answer(async () =>
      getDeadlines(args(await json("GET", `/api/transactions/${id}/deadlines`, client), params)),
    );
    expect(empty.data).toEqual([]);
    const put = (user: User | null, body: unknown) =>
      answer(async () => putContract(args(await json("PUT", `/api/transactions/${id}/contract`, user, body), params)));
    expect((await put(client, { acceptedOn: "2027-06-17" })).status).toBe(403);
    expect((await put(null, { acceptedOn: "2027-06-17" })).status).toBe(401);
    const bad = await put(admin, { acceptedOn: "2027-02-30", days: { deposit: -1 } });
    expect(bad.status).toBe(400);
    const saved = await put(admin, { acceptedOn: "2027-06-17", days: { loan_contingency: 21 } });
    expect(saved.status).toBe(200);
    expect(saved.data).toMatchObject({ acceptedOn: "2027-06-17", closingOn: null });
    const list = (saved.data as { deadlines: Record<string, unknown>[] }).deadlines;
    expect(list.find((d) => d.key === "close_of_escrow")).toEqual({
      id: expect.any(Number),
      key: "close_of_escrow",
      title: "Close of escrow",
      dueOn: "2027-07-19",
      rule: { days: 30, counting: "calendar" },
      movedFrom: "2027-07-17",
      status: "open",
      doneAt: null,
      milestoneStep: 14,
    });
    const withClosing = await put(admin, { acceptedOn: "2027-06-17", closingOn: "2027-07-30" });
    const close = (withClosing.data as { closingOn: string; deadlines: Record<string, unknown>[] }).deadlines.find(
      (d) => d.key === "close_of_escrow",
    );
    expect(close).toMatchObject({ rule: { days: null, counting: "entered" }, dueOn: "2027-07-30" });
    const loan = (
      withClosing.data as { deadlines: { id: number; key: string; rule: { days: number } }[] }
    ).deadlines.find((d) => d.key === "loan_contingency")!;
    expect(loan.rule.days).toBe(21);

    const patch = (user: User, body: unknown) =>
      answer(async () =>
        patchDeadline(args(await json("PATCH", `/api/deadlines/${loan.id}`, user, body), { id: String(loan.id) })),
      );
    expect((await patch(client, { status: "done" })).status).toBe(403);
    expect((await patch(admin, { status: "finished" })).status).toBe(400);
    const done = await patch(admin, { status: "done" });
    expect(done.data).toMatchObject({ status: "done", doneAt: expect.any(String) });

    const other = upsertUserFromClaims(db, { email: "other@example.com" });
    const hidden = await answer(async () =>
      getDeadlines(args(await json("GET", `/api/transactions/${id}/deadlines`, other), params)),
    );
    expect(hidden.status).toBe(404);
    const anonymous = await answer(async () =>
      getDeadlines(args(await json("GET", `/api/transactions/${id}/deadlines`, null), params)),
    );
    expect(anonymous.status).toBe(401);
  });

  it("the feed answers text/calendar for its token and 404 for any other", async () => {
    const { db, client } = app;
    const token = calendarToken(db, client);
    const ok = await feedRoute(args(new Request(`${ORIGIN}/calendar/${token}.ics`), { file: `${token}.ics` }));
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(await ok.text()).toContain("BEGIN:VCALENDAR");
    const wrong = await feedRoute(args(new Request(`${ORIGIN}/calendar/x.ics`), { file: `${"a".repeat(32)}.ics` }));
    expect(wrong.status).toBe(404);

    // A calendar app's next visit: 304 while nothing changed, the new feed once a date did.
    const etag = ok.headers.get("etag")!;
    const ask = () =>
      feedRoute(
        args(new Request(`${ORIGIN}/calendar/${token}.ics`, { headers: { "if-none-match": etag } }), {
          file: `${token}.ics`,
        }),
      );
    expect((await ask()).status).toBe(304);
    const id = createTransaction(db, app.admin, {
      email: client.email,
      type: "buying",
      propertyAddress: "8 Feed St",
      homeValue: "1",
    }).id;
    saveContract(db, app.admin, id, contract("2027-06-17"));
    const changed = await ask();
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
    expect(await changed.text()).toContain("SUMMARY:Close of escrow — 8 Feed St");
  });
});
