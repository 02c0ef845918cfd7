/** Counts kept by triggers (milestones, leads, e-mails, transactions) and the trigram search. */
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import { contactSubmissions, transactions, users, type User } from "~/db/schema";
import { adminSearchSchema, leadSearchSchema, newTransactionSchema } from "~/lib/admin-schemas";
import { setDb } from "~/infra/database.server";
import { contactSchema } from "~/lib/contact-schema";
import { loader as dashboardLoader } from "~/routes/admin._index/route";
import { answer, args, get } from "./request";
import { submitContact } from "~/models/lead-intake.server";
import {
  activeByStepBand,
  adminSummary,
  DASHBOARD_PAGE_SIZE,
  leadsPerWeek,
  searchTransactions,
} from "~/models/dashboard.server";
import { assignLead } from "~/models/team.server";
import { listLeads } from "~/models/lead.server";
import { matchSummary, MAX_SEARCH_MATCHES } from "~/models/search.server";
import { initializeMilestones, listMilestones, updateMilestone } from "~/models/milestone.server";
import { createTransaction } from "~/models/transaction.server";
import { upsertUserFromClaims } from "~/models/user.server";
import { seedDatabase } from "~/db/seed.server";
import { addAgent, freshDb } from "./db";

describe("stored milestone counts and trigram search", () => {
  let db: Db;
  let admin: User;
  beforeEach(() => {
    db = freshDb();
    admin = upsertUserFromClaims(db, { email: "boss@agency.test" }, ["boss@agency.test"]);
  });
  const open = (email: string, address: string, names: { firstName?: string; lastName?: string } = {}) =>
    createTransaction(
      db,
      admin,
      newTransactionSchema.parse({ email, type: "buying", propertyAddress: address, homeValue: "650000", ...names }),
    );
  const counts = (id: number) =>
    db
      .select({ total: transactions.milestonesTotal, done: transactions.milestonesCompleted })
      .from(transactions)
      .where(eq(transactions.id, id))
      .get();

  it("keep each transaction's completed and total milestones in step with the milestones", () => {
    const t = open("robin@example.com", "10 Palm Ave");
    initializeMilestones(db, admin, t.id);
    expect(counts(t.id)).toEqual({ total: 13, done: 0 });
    const [first, second] = listMilestones(db, admin, t.id);
    updateMilestone(db, admin, { milestoneId: first!.id }, { status: "completed" });
    updateMilestone(db, admin, { milestoneId: second!.id }, { status: "completed" });
    updateMilestone(db, admin, { milestoneId: second!.id }, { status: "in_progress" });
    expect(counts(t.id)).toEqual({ total: 13, done: 1 });
    const row = searchTransactions(db, admin).rows.find((r) => r.id === t.id)!;
    expect([row.milestonesCompleted, row.milestonesTotal]).toEqual([1, 13]);
  });

  it("find a case-insensitive substring of address, id, e-mail or name, and follow a renamed client", () => {
    const a = open("robin.vega@example.com", "4521 Sunset Cliffs Blvd", { firstName: "Robin", lastName: "Vega" });
    const b = open("kim@example.org", "88 Harbor Dr", { firstName: "Kim", lastName: "Lee" });
    const ids = (q: string) => searchTransactions(db, admin, { q }).rows.map((r) => r.id);
    expect(ids("SUNSET cliffs")).toEqual([a.id]);
    expect(ids("bin ve")).toEqual([a.id]);
    expect(ids("EXAMPLE.ORG")).toEqual([b.id]);
    expect(ids(b.userId.slice(2, 12))).toEqual([b.id]);
    expect(ids('"; drop')).toEqual([]);
    expect(ids("dr")).toEqual([b.id]); // shorter than a trigram: matched with LIKE
    expect(ids("100%")).toEqual([]);
    db.update(users).set({ lastName: "Moreno" }).where(eq(users.id, a.userId)).run();
    expect(ids("moreno")).toEqual([a.id]);
    expect(ids("vega@")).toEqual([a.id]);
    expect(searchTransactions(db, admin, { q: "vega" }).total).toBe(1);
  });

  it("search leads by name, e-mail or phone the same way", () => {
    const send = (email: string, firstName: string, phone: string) =>
      submitContact(db, contactSchema.parse({ firstName, lastName: "Shore", email, phone, message: "Hi" }));
    send("dana@example.com", "Dana", "(619) 555-0101");
    send("lee@example.net", "Lee", "858 555 0199");
    const emails = (q: string) => listLeads(db, admin, { q }).rows.map((r) => r.email);
    expect(emails("DANA SH")).toEqual(["dana@example.com"]);
    expect(emails("555 0199")).toEqual(["lee@example.net"]);
    expect(emails(".net")).toEqual(["lee@example.net"]);
    expect(emails("sh").sort()).toEqual(["dana@example.com", "lee@example.net"]);
  });
  it("take a search with a NUL or another control character as the text without it, never as an error", async () => {
    const a = open("robin.vega@example.com", "4521 Sunset Cliffs Blvd");
    submitContact(
      db,
      contactSchema.parse({ firstName: "Dana", lastName: "Shore", email: "d@example.com", phone: "6195550101" }),
    );
    // The models: FTS5 read "a\0b" as an unterminated string (a 500 on /admin?q=a%00b).
    expect(searchTransactions(db, admin, { q: "sun\0set" }).rows.map((r) => r.id)).toEqual([a.id]);
    expect(searchTransactions(db, admin, { q: "\u0001\u007f" }).rows).toEqual([]);
    expect(listLeads(db, admin, { q: "da\0na" }).rows.map((r) => r.email)).toEqual(["d@example.com"]);
    // The pages' query schemas drop them before the models see them.
    expect(adminSearchSchema.parse({ q: "a\u0000b\tc" }).q).toBe("abc");
    expect(leadSearchSchema.parse({ q: "\u0000" }).q).toBe("");
    // The dashboard's loader (as under `npm run dev`, which has no server middleware) answers 200.
    setDb(db);
    try {
      const page = await answer(async () => dashboardLoader(args(await get("/admin?q=sun%00set", admin))));
      expect(page.status).toBe(200);
      expect((page.data as { rows: Array<{ id: number }> }).rows.map((r) => r.id)).toEqual([a.id]);
    } finally {
      setDb(undefined);
    }
  });
});

describe("kept counts", () => {
  let db: Db;
  let admin: User;
  beforeEach(() => {
    db = freshDb();
    admin = upsertUserFromClaims(db, { email: "boss@agency.test" }, ["boss@agency.test"]);
  });

  it("give the cards and the step chart what counting the rows gives, through creates, moves and deletes", () => {
    const open = (type: "buying" | "selling", email: string) =>
      createTransaction(
        db,
        admin,
        newTransactionSchema.parse({ email, type, propertyAddress: "1 A St", homeValue: "500000" }),
      );
    const a = open("buying", "a@example.com");
    open("buying", "b@example.com");
    const c = open("selling", "c@example.com");
    db.update(transactions).set({ status: "completed" }).where(eq(transactions.id, a.id)).run();
    db.update(transactions).set({ currentStep: 12 }).where(eq(transactions.id, c.id)).run();
    open("selling", "d@example.com");
    db.delete(transactions).where(eq(transactions.id, c.id)).run();
    const counted = (where: string) => db.$client.prepare(`select count(*) from transactions ${where}`).pluck().get();
    expect(adminSummary(db, admin)).toMatchObject({
      totalTransactions: counted(""),
      activeBuyers: counted("where status = 'active' and type = 'buying'"),
      activeSellers: counted("where status = 'active' and type = 'selling'"),
    });
    expect(adminSummary(db, admin)).toMatchObject({ totalTransactions: 3, activeBuyers: 1, activeSellers: 1 });
    expect(activeByStepBand(db, admin).reduce((n, b) => n + b.count, 0)).toBe(2);
    expect(searchTransactions(db, admin, { type: "selling" }).total).toBe(1);
  });

  it("keep new leads per hour and agent as counting the rows gives, through arrivals, assignments and deletes", () => {
    const agent = addAgent(db, admin);
    const hour = 3600_000;
    const t0 = new Date(Date.UTC(2026, 10, 2, 17));
    const lead = (n: number, at: Date) =>
      submitContact(
        db,
        contactSchema.parse({ firstName: `L${n}`, lastName: "X", email: `l${n}@example.com`, phone: "6195550100" }),
        at,
      )!;
    const a = lead(1, t0);
    lead(2, new Date(t0.getTime() + 10 * 60_000));
    const c = lead(3, new Date(t0.getTime() + 2 * hour));
    assignLead(db, admin, a.id, agent.id);
    db.delete(contactSubmissions).where(eq(contactSubmissions.id, c.id)).run();
    const kept = db.$client
      .prepare("select agent_id, hour, n from lead_hours where n > 0 order by agent_id, hour")
      .all();
    const counted = db.$client
      .prepare(
        "select coalesce(assigned_agent_id, '') as agent_id, created_at / 3600000 as hour, count(*) as n from contact_submissions group by 1, 2 order by 1, 2",
      )
      .all();
    expect(kept).toEqual(counted);
    expect(kept).toEqual([
      { agent_id: "", hour: t0.getTime() / hour, n: 1 },
      { agent_id: agent.id, hour: t0.getTime() / hour, n: 1 },
    ]);
    // The week's chart: the admins see both; the agent their own.
    const now = new Date(t0.getTime() + 3 * hour);
    expect(leadsPerWeek(db, admin, now).at(-1)!.count).toBe(2);
    expect(leadsPerWeek(db, agent, now).at(-1)!.count).toBe(1);
  });

  it("list at most 500 matches of a search that matches nearly everything, newest first, and say so", () => {
    const sqlite = db.$client;
    const user = sqlite.prepare("insert into users (id, email, first_name, last_name) values (?, ?, 'Bulk', 'Client')");
    const add = sqlite.prepare(
      "insert into transactions (user_id, type, property_address, created_at, updated_at) values (?, 'buying', ?, ?, ?)",
    );
    sqlite.transaction(() => {
      for (let i = 0; i < MAX_SEARCH_MATCHES + 10; i++) {
        user.run(`bulk-${i}`, `bulk${i}@example.com`);
        add.run(`bulk-${i}`, `${i} Bulk St, San Diego`, 1_700_000_000_000 + i, 1_700_000_000_000 + i);
      }
    })();
    const broad = searchTransactions(db, admin, { q: "san diego" });
    expect(broad).toMatchObject({
      capped: true,
      total: MAX_SEARCH_MATCHES,
      pageCount: MAX_SEARCH_MATCHES / DASHBOARD_PAGE_SIZE,
    });
    expect(broad.rows[0]!.propertyAddress).toBe(`${MAX_SEARCH_MATCHES + 9} Bulk St, San Diego`);
    const lastPage = searchTransactions(db, admin, { q: "san diego", page: MAX_SEARCH_MATCHES / DASHBOARD_PAGE_SIZE });
    expect(lastPage.rows.at(-1)!.propertyAddress).toBe("10 Bulk St, San Diego");
    const rare = searchTransactions(db, admin, { q: `${MAX_SEARCH_MATCHES + 5} bulk` });
    expect(rare).toMatchObject({ capped: false, total: 1 });
    expect(matchSummary(broad.total, broad.capped, "transaction")).toBe(
      "More than 500 transactions match; the newest 500 are listed. Refine the search to see others.",
    );
    // Counted by the plural rules (it once read "1 transactions").
    expect(matchSummary(1, false, "transaction")).toBe("1 transaction");
    expect(matchSummary(1250, false, "lead")).toBe("1,250 leads");
  });

  it("sort leads by their engagement's score as it changes", () => {
    seedDatabase(db); // the campaign new leads join
    const send = (email: string) =>
      submitContact(db, contactSchema.parse({ firstName: "S", lastName: "Core", email, phone: "6195550100" }))!;
    const low = send("low@example.com");
    const high = send("high@example.com");
    const score = (id: number, value: number) =>
      db.$client
        .prepare(
          "update lead_engagement set score = ? where id = (select engagement_id from contact_submissions where id = ?)",
        )
        .run(value, id);
    score(low.id, 5);
    score(high.id, 40);
    expect(listLeads(db, admin, { sort: "score" }).rows.map((r) => [r.email, r.score])).toEqual([
      ["high@example.com", 40],
      ["low@example.com", 5],
    ]);
    score(low.id, 90);
    expect(listLeads(db, admin, { sort: "score" }).rows.map((r) => r.email)).toEqual([
      "low@example.com",
      "high@example.com",
    ]);
  });
});
