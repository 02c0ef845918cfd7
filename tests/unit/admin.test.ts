import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import { transactionMilestones, transactions, users, type User } from "~/db/schema";
import { milestoneFormSchema, milestoneUpdateSchema, newTransactionSchema } from "~/lib/admin-schemas";
import { contactSchema } from "~/lib/contact-schema";
import { ForbiddenError, NotFoundError } from "~/lib/errors";
import { submitContact } from "~/models/lead-intake.server";
import { adminSummary, searchTransactions } from "~/models/dashboard.server";
import { initializeMilestones, listMilestones, updateMilestone } from "~/models/milestone.server";
import { createTestData } from "~/models/sample-data.server";
import { createTransaction } from "~/models/transaction.server";
import { updateTransaction } from "~/models/transaction-edit.server";
import { upsertUserFromClaims } from "~/models/user.server";
import { freshDb } from "./db";

describe("admin operations", () => {
  let db: Db;
  let admin: User;
  let client: User;
  beforeEach(() => {
    db = freshDb();
    admin = upsertUserFromClaims(db, { email: "boss@agency.test" }, ["boss@agency.test"]);
    client = upsertUserFromClaims(db, { email: "client@example.com", firstName: "Robin", lastName: "Vega" });
  });

  const open = (input: Partial<Parameters<typeof newTransactionSchema.parse>[0]> = {}) =>
    createTransaction(
      db,
      admin,
      newTransactionSchema.parse({
        email: "client@example.com",
        type: "buying",
        propertyAddress: "10 Palm Ave",
        homeValue: "650000",
        ...input,
      }),
    );

  it("refuses every admin operation to a client", () => {
    expect(() => adminSummary(db, client)).toThrow(ForbiddenError);
    expect(() => searchTransactions(db, client)).toThrow(ForbiddenError);
    expect(() => createTestData(db, client)).toThrow(ForbiddenError);
    expect(() => initializeMilestones(db, client, 1)).toThrow(ForbiddenError);
    expect(() => updateMilestone(db, client, { milestoneId: 1 }, { status: "completed" })).toThrow(ForbiddenError);
    expect(() =>
      createTransaction(
        db,
        client,
        newTransactionSchema.parse({ email: "x@example.com", type: "buying", propertyAddress: "a", homeValue: "1" }),
      ),
    ).toThrow(ForbiddenError);
  });

  it("counts in SQL: total, active buyers, active sellers, submissions", () => {
    open();
    open({ type: "selling" });
    const cancelled = open({ type: "selling" });
    updateTransaction(db, admin, cancelled.id, { propertyAddress: "x", homeValue: "1", status: "cancelled" });
    submitContact(db, contactSchema.parse({ firstName: "A", lastName: "B", email: "a@b.co", phone: "6195550100" }));
    expect(adminSummary(db, admin)).toEqual({
      totalTransactions: 3,
      activeBuyers: 1,
      activeSellers: 1,
      contactSubmissions: 1,
    });
  });

  it("searches address, user id, name and e-mail case-insensitively, with a type filter", () => {
    const t = open({ propertyAddress: "4410 Ocean Blvd" });
    open({ email: "other@example.com", type: "selling", propertyAddress: "1 Inland Rd" });
    const ids = (q?: string, type?: "buying" | "selling") =>
      searchTransactions(db, admin, { q, type }).rows.map((r) => r.id);
    expect(ids("OCEAN")).toEqual([t.id]);
    expect(ids(client.id.slice(0, 8).toUpperCase())).toEqual([t.id]);
    expect(ids("robin vega")).toEqual([t.id]);
    expect(ids("client@EXAMPLE")).toEqual([t.id]);
    expect(ids(undefined, "selling")).toHaveLength(1);
    expect(ids("ocean", "selling")).toEqual([]);
    expect(ids("%")).toEqual([]);
    expect(ids("_")).toEqual([]);
  });

  it("pages by 25 (the dashboard's table), newest first, with progress counts", () => {
    for (let i = 0; i < 26; i++) open({ propertyAddress: `${i} Many St` });
    const first = searchTransactions(db, admin, { page: 1 });
    expect(first.rows).toHaveLength(25);
    expect(first.total).toBe(26);
    expect(first.pageCount).toBe(2);
    expect(searchTransactions(db, admin, { page: 2 }).rows).toHaveLength(1);
    expect(first.rows[0]!.id).toBeGreaterThan(first.rows[1]!.id);
  });

  it("initializes 13 buying or 14 selling milestones, once", () => {
    const buying = open();
    const selling = open({ type: "selling" });
    expect(initializeMilestones(db, admin, buying.id)).toBe(13);
    expect(initializeMilestones(db, admin, selling.id)).toBe(14);
    expect(initializeMilestones(db, admin, buying.id)).toBe(0);
    expect(listMilestones(db, admin, buying.id)).toHaveLength(13);
    expect(listMilestones(db, admin, buying.id)[0]!.title).toBe("Consultation and buyer-broker agreement");
    expect(() => initializeMilestones(db, admin, 9999)).toThrow(NotFoundError);
  });

  it("sets the completion date when completed, clears it when moved back; currentStep follows", () => {
    const t = open();
    initializeMilestones(db, admin, t.id);
    const [m1, m2] = listMilestones(db, admin, t.id);
    const done = updateMilestone(
      db,
      admin,
      { milestoneId: m1!.id },
      milestoneUpdateSchema.parse({
        status: "completed",
        adminNotes: "  Signed.  ",
        documentUrl: "https://docs.example.com/a.pdf",
      }),
    );
    expect(done.completedAt).toBeInstanceOf(Date);
    expect(done.adminNotes).toBe("Signed.");
    expect(done.documentUrl).toBe("https://docs.example.com/a.pdf");
    const step = () => db.select().from(transactions).where(eq(transactions.id, t.id)).get()!.currentStep;
    expect(step()).toBe(2);
    updateMilestone(db, admin, { milestoneId: m2!.id }, { status: "completed" });
    expect(step()).toBe(3);
    // Empty notes and URL leave the stored ones as they are.
    const back = updateMilestone(
      db,
      admin,
      { milestoneId: m1!.id },
      milestoneUpdateSchema.parse({ status: "in_progress", adminNotes: " ", documentUrl: "" }),
    );
    expect(back.completedAt).toBeNull();
    expect(back.adminNotes).toBe("Signed.");
    expect(back.documentUrl).toBe("https://docs.example.com/a.pdf");
    expect(step()).toBe(1);
    // The Update Milestone form shows them: corrected, or emptied to clear them.
    const corrected = updateMilestone(
      db,
      admin,
      { milestoneId: m1!.id },
      milestoneFormSchema.parse({ milestoneId: String(m1!.id), status: "in_progress", adminNotes: " Signed twice. " }),
    );
    expect(corrected).toMatchObject({ adminNotes: "Signed twice.", documentUrl: null });
    const cleared = updateMilestone(
      db,
      admin,
      { milestoneId: m1!.id },
      milestoneFormSchema.parse({
        milestoneId: String(m1!.id),
        status: "in_progress",
        adminNotes: "",
        documentUrl: "",
      }),
    );
    expect(cleared).toMatchObject({ adminNotes: null, documentUrl: null });
    // The API clears with null, and keeps what it is not sent.
    expect(milestoneUpdateSchema.parse({ status: "in_progress", adminNotes: null })).toEqual({
      status: "in_progress",
      adminNotes: null,
    });
    expect(() => updateMilestone(db, admin, { milestoneId: 99999 }, { status: "completed" })).toThrow(NotFoundError);
  });

  it("validates milestone updates: the four statuses, http(s) document URLs", () => {
    expect(milestoneUpdateSchema.safeParse({ status: "done" }).success).toBe(false);
    expect(milestoneUpdateSchema.safeParse({ status: "completed", documentUrl: "javascript:alert(1)" }).success).toBe(
      false,
    );
    expect(milestoneUpdateSchema.safeParse({ status: "completed", documentUrl: "ftp://x.example/a" }).success).toBe(
      false,
    );
    expect(milestoneUpdateSchema.parse({ status: "action_required", adminNotes: "", documentUrl: "" })).toEqual({
      status: "action_required",
    });
  });

  it("opens a transaction for someone who has not signed in; it is theirs when they do", () => {
    const t = open({ email: "New.Person@Example.com", firstName: "New", lastName: "Person", homeValue: "$1,500,001" });
    expect(t.tier).toBe(3);
    expect(t.homeValueCents).toBe(150_000_100);
    const placeholder = db.select().from(users).where(eq(users.email, "new.person@example.com")).get()!;
    expect(placeholder.firstName).toBe("New");
    const signedIn = upsertUserFromClaims(db, { email: "new.person@example.com", firstName: "Newt" });
    expect(signedIn.id).toBe(placeholder.id);
    expect(t.userId).toBe(signedIn.id);
  });

  it("creates sample data in every state of the tracker, for the asking admin too, and never twice", () => {
    expect(createTestData(db, admin)).toBe(5);
    expect(createTestData(db, admin)).toBe(0);
    const all = db.select().from(transactions).all();
    const milestonesOf = (id: number) =>
      db.select().from(transactionMilestones).where(eq(transactionMilestones.transactionId, id)).all();
    const state = (t: (typeof all)[number]) => {
      const ms = milestonesOf(t.id);
      const done = ms.filter((m) => m.status === "completed").length;
      return `${t.type}:${t.status}:${done}/${ms.length}`;
    };
    const mine = all.filter((t) => t.userId === admin.id);
    expect(mine.map(state).sort()).toEqual(["buying:active:3/13", "selling:active:5/14"]);
    expect(mine.find((t) => t.type === "buying")!.currentStep).toBe(4);
    const others = all.filter((t) => t.userId !== admin.id);
    // One buying and one selling with no milestones yet, and one completed.
    expect(others.map(state).sort()).toEqual(["buying:active:0/0", "buying:completed:13/13", "selling:active:0/0"]);
    expect(adminSummary(db, admin)).toMatchObject({ totalTransactions: 5, activeBuyers: 2, activeSellers: 2 });
  });
});
