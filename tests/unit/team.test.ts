/**
 * A team of agents (docs/decisions/030-team.md): round robin across a pause and a deactivation, and with
 * two leads at once from two connections; first to claim with two claims (exactly one wins) and the
 * fallback after the timeout (an injected clock); the agent rule in each model (another agent's records
 * are not found); the audit's trigger refusing a change or a removal; the license line of a drip.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, type Db } from "~/db/client.server";
import { auditEvents, contactSubmissions, documents, type User } from "~/db/schema";
import { seedDatabase } from "~/db/seed.server";
import type { RoutingMode } from "~/domain/enums";
import { contactSchema } from "~/lib/contact-schema";
import { ConflictError, ForbiddenError, InvalidInputError, NotFoundError } from "~/lib/errors";
import { listAudit } from "~/models/audit.server";
import { alertUnclaimed, submitContact } from "~/models/lead-intake.server";
import { listDeadlines } from "~/models/contract.server";
import { documentForDownload } from "~/models/document.server";
import { listEstimates } from "~/models/estimate.server";
import { emailLead, getLead, listLeads } from "~/models/lead.server";
import { listMessages } from "~/models/message.server";
import { listMilestones } from "~/models/milestone.server";
import { listOffers } from "~/models/offer.server";
import { claimLead, expireClaims } from "~/models/routing.server";
import { agencyCosts, updateSettings } from "~/models/settings.server";
import { speedToLead } from "~/models/speed-to-lead.server";
import { assignLead, assignTransaction, listTeam, teamMember, updateStaff } from "~/models/team.server";
import { createTransaction, listTransactions } from "~/models/transaction.server";
import { upsertUserFromClaims } from "~/models/user.server";
import { addAgent, freshDb, outboxWithContent } from "./db";
import { getTransaction } from "~/models/permissions.server";

let db: Db;
let admin: User;

const lead = (n: number, email = `lead${n}@example.com`) =>
  contactSchema.parse({ firstName: `Lead${n}`, lastName: "Buyer", email, phone: "619-555-0100", message: "" });

const agent = (db: Db, name: string, license = "01234567") => addAgent(db, admin, name, license);

function routing(db: Db, mode: RoutingMode, claimMinutes = 15) {
  updateSettings(db, admin, { costs: agencyCosts(db), routing: { mode, claimMinutes } });
}

const agentOf = (db: Db, id: number) =>
  db.select().from(contactSubmissions).where(eq(contactSubmissions.id, id)).get()!.assignedAgentId;

beforeEach(() => {
  db = freshDb();
  seedDatabase(db);
  admin = upsertUserFromClaims(db, { email: "boss@agency.test", firstName: "Jordan", lastName: "Reyes" }, [
    "boss@agency.test",
  ]);
});

describe("round robin", () => {
  it("gives each new lead to the next agent taking leads, skipping a paused and a deactivated one", () => {
    const [a, b, c] = [agent(db, "Ana"), agent(db, "Ben"), agent(db, "Cy")];
    routing(db, "round_robin");
    const next = (n: number) => agentOf(db, submitContact(db, lead(n))!.id);
    expect([next(1), next(2), next(3), next(4)]).toEqual([a.id, b.id, c.id, a.id]);
    updateStaff(db, admin, b.id, { takesLeads: false });
    expect([next(5), next(6), next(7)]).toEqual([c.id, a.id, c.id]);
    updateStaff(db, admin, c.id, { active: false });
    expect([next(8), next(9)]).toEqual([a.id, a.id]);
    updateStaff(db, admin, b.id, { takesLeads: true });
    // Continues where the last lead went (Ana), in the team's order.
    expect(next(10)).toBe(b.id);
  });

  it("never gives two leads arriving together to the same agent out of turn, across connections", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rr-"));
    const file = path.join(dir, "app.db");
    const one = openDatabase(file);
    seedDatabase(one);
    admin = upsertUserFromClaims(one, { email: "boss@agency.test" }, ["boss@agency.test"]);
    const ids = [agent(one, "Ana").id, agent(one, "Ben").id];
    routing(one, "round_robin");
    const two = openDatabase(file); // a second process's connection to the same file
    try {
      const got = [1, 2, 3, 4, 5, 6].map((n) => agentOf(one, submitContact(n % 2 ? one : two, lead(n))!.id));
      expect(got).toEqual([ids[0], ids[1], ids[0], ids[1], ids[0], ids[1]]);
    } finally {
      one.$client.close();
      two.$client.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("sends the alert to the assigned agent with a copy to the lead inbox, and nothing to agents when off", () => {
    const a = agent(db, "Ana");
    routing(db, "round_robin");
    submitContact(db, lead(1));
    const alerts = outboxWithContent(db, "lead_alert");
    expect(alerts.map((e) => e.toAddress)).toContain(a.email);
    expect(alerts.some((e) => e.toAddress !== a.email && e.subject.includes("(copy)"))).toBe(true);
    routing(db, "off");
    const before = alerts.length;
    const second = submitContact(db, lead(2))!;
    expect(agentOf(db, second.id)).toBeNull();
    expect(
      outboxWithContent(db, "lead_alert")
        .slice(before)
        .some((e) => e.toAddress === a.email),
    ).toBe(false);
  });
});

describe("first to claim", () => {
  it("lets exactly one of two claims win; the other is told who has it", () => {
    const [a, b] = [agent(db, "Ana"), agent(db, "Ben")];
    routing(db, "first_to_claim");
    const row = submitContact(db, lead(1))!;
    expect(agentOf(db, row.id)).toBeNull();
    const results = [a, b].map((who) => {
      try {
        return claimLead(db, who, row.id);
      } catch (error) {
        return error;
      }
    });
    expect(results.filter((r) => r instanceof ConflictError)).toHaveLength(1);
    expect((results[1] as ConflictError).message).toBe("This lead was already claimed by Ana Agent.");
    expect(agentOf(db, row.id)).toBe(a.id);
    // Claims are recorded.
    expect(listAudit(db, admin, { action: "lead.claim" }).events).toHaveLength(1);
  });

  it("gives an unclaimed lead to the admins after the timeout, and a late claim is refused", () => {
    const [a] = [agent(db, "Ana")];
    routing(db, "first_to_claim", 15);
    const t0 = new Date("2026-11-25T18:00:00Z");
    const row = submitContact(db, lead(1), t0)!;
    expect(expireClaims(db, new Date(t0.getTime() + 14 * 60_000), alertUnclaimed)).toBe(0);
    expect(expireClaims(db, new Date(t0.getTime() + 15 * 60_000), alertUnclaimed)).toBe(1);
    expect(agentOf(db, row.id)).toBeNull();
    expect(outboxWithContent(db, "lead_alert").some((e) => e.subject.startsWith("Unclaimed lead"))).toBe(true);
    expect(() => claimLead(db, a, row.id, new Date(t0.getTime() + 16 * 60_000))).toThrow(
      "The time to claim this lead has passed: the admins have it.",
    );
  });

  it("refuses a claim from someone not taking leads", () => {
    const [a, b] = [agent(db, "Ana"), agent(db, "Ben")];
    routing(db, "first_to_claim");
    updateStaff(db, admin, b.id, { takesLeads: false });
    const row = submitContact(db, lead(1))!;
    expect(() => claimLead(db, b, row.id)).toThrow(ForbiddenError);
    expect(claimLead(db, a, row.id).assignedAgentId).toBe(a.id);
  });
});

describe("the agent rule", () => {
  it("shows an agent their own transactions and leads, and answers not found for another's", () => {
    const [a, b] = [agent(db, "Ana"), agent(db, "Ben")];
    const tx = (email: string) =>
      createTransaction(db, admin, { email, type: "selling", propertyAddress: `${email} St`, homeValue: "900000" });
    const mine = tx("one@example.com");
    const theirs = tx("two@example.com");
    assignTransaction(db, admin, mine.id, { assignedAgentId: a.id });
    assignTransaction(db, admin, theirs.id, { assignedAgentId: b.id });
    db.insert(documents)
      .values({
        transactionId: theirs.id,
        name: "Deed.pdf",
        contentType: "application/pdf",
        size: 3,
        sha256: "x",
        storageKey: "documents/deed",
        uploadedByRole: "admin",
      })
      .run();
    const document = db.select().from(documents).get()!;
    expect(listTransactions(db, a).map((t) => t.id)).toEqual([mine.id]);
    expect(getTransaction(db, a, mine.id).id).toBe(mine.id);
    for (const read of [
      () => getTransaction(db, a, theirs.id),
      () => listMilestones(db, a, theirs.id),
      () => listDeadlines(db, a, theirs.id),
      () => listMessages(db, a, theirs.id),
      () => listOffers(db, a, theirs.id),
      () => listEstimates(db, a, theirs.id),
      () => documentForDownload(db, a, document.id),
    ]) {
      expect(read).toThrow(NotFoundError);
    }
    // A collaborator sees it; the admin always does.
    assignTransaction(db, admin, theirs.id, { assignedAgentId: b.id, collaboratorIds: [a.id] });
    expect(listMessages(db, a, theirs.id).messages).toEqual([]);
    expect(documentForDownload(db, a, document.id).id).toBe(document.id);
    expect(listAudit(db, admin, { transactionId: theirs.id, action: "document.view" }).events[0]?.actorId).toBe(a.id);

    const l1 = submitContact(db, lead(1))!;
    const l2 = submitContact(db, lead(2))!;
    assignLead(db, admin, l1.id, a.id);
    assignLead(db, admin, l2.id, b.id);
    expect(listLeads(db, a, {}).rows.map((r) => r.id)).toEqual([l1.id]);
    expect(() => getLead(db, a, l2.id)).toThrow(NotFoundError);
    expect(getLead(db, a, l1.id).submission.id).toBe(l1.id);
  });

  it("counts one person as the team page does (the API's answer to adding or changing them)", () => {
    const [a, b] = [agent(db, "Ana"), agent(db, "Ben")];
    routing(db, "round_robin");
    for (const n of [1, 2, 3]) submitContact(db, lead(n));
    const t = createTransaction(db, admin, {
      email: "x@example.com",
      type: "buying",
      propertyAddress: "1 A St",
      homeValue: "500000",
    });
    assignTransaction(db, admin, t.id, { assignedAgentId: a.id });
    for (const person of [a, b, admin]) {
      expect(teamMember(db, admin, person.id)).toEqual(listTeam(db, admin).find((p) => p.id === person.id));
    }
    expect(teamMember(db, admin, a.id)).toMatchObject({ transactions: 1, leads: 2, role: "agent" });
    expect(() => teamMember(db, admin, upsertUserFromClaims(db, { email: "c@example.com" }).id)).toThrow(NotFoundError);
    expect(() => teamMember(db, a, a.id)).toThrow(ForbiddenError);
  });

  it("refuses to assign to an inactive agent and keeps admin-only operations from agents", () => {
    const a = agent(db, "Ana");
    const t = createTransaction(db, admin, {
      email: "x@example.com",
      type: "buying",
      propertyAddress: "1 A St",
      homeValue: "500000",
    });
    updateStaff(db, admin, a.id, { active: false });
    expect(() => assignTransaction(db, admin, t.id, { assignedAgentId: a.id })).toThrow(InvalidInputError);
    updateStaff(db, admin, a.id, { active: true });
    expect(() => assignTransaction(db, a, t.id, { assignedAgentId: a.id })).toThrow(ForbiddenError);
    expect(() => agent(db, "Ana")).toThrow(ConflictError);
  });

  it("e-mails a lead from its page: queued with the agent's line, on the timeline, the agent's first action", () => {
    const [a, b] = [agent(db, "Ana", "07654321"), agent(db, "Ben")];
    routing(db, "round_robin");
    const row = submitContact(db, lead(1))!;
    expect(agentOf(db, row.id)).toBe(a.id);
    expect(() => emailLead(db, b, row.id, { subject: "Hello", body: "Hi" })).toThrow(NotFoundError);
    const at = new Date(Date.now() + 60_000);
    const email = emailLead(db, a, row.id, { subject: "Your home search", body: "Can I call you at 5?" }, at);
    const [queued] = outboxWithContent(db, "lead_email");
    expect(queued).toMatchObject({ id: email.id, toAddress: "lead1@example.com", replyTo: a.email });
    expect(queued!.textBody).toContain("Can I call you at 5?");
    expect(queued!.htmlBody).toContain("Your agent: Ana Agent, DRE #07654321");
    const stored = db.select().from(contactSubmissions).where(eq(contactSubmissions.id, row.id)).get()!;
    expect(stored.firstActionAt?.getTime()).toBe(at.getTime());
    expect(getLead(db, a, row.id).timeline.some((t) => t.type === "email" && t.detail === "Your home search")).toBe(
      true,
    );
  });

  it("measures speed to lead from arrival to the agent's first action", () => {
    const a = agent(db, "Ana");
    routing(db, "round_robin");
    const t0 = new Date(Date.now() - 3 * 3600_000);
    const answered = submitContact(db, lead(1), t0)!;
    submitContact(db, lead(2), t0);
    db.update(contactSubmissions)
      .set({ firstActionAt: new Date(t0.getTime() + 5 * 60_000) })
      .where(eq(contactSubmissions.id, answered.id))
      .run();
    const speed = speedToLead(db, admin);
    expect(speed.agents).toEqual([{ id: a.id, name: "Ana Agent", leads: 2, medianMs: 5 * 60_000 }]);
    expect(speed.untouched.map((l) => l.firstName)).toEqual(["Lead2"]);
  });
});

describe("the audit", () => {
  it("is append-only: the database refuses an update or a delete", () => {
    agent(db, "Ana");
    expect(db.select().from(auditEvents).all().length).toBeGreaterThan(0);
    expect(() => db.$client.prepare("UPDATE audit_events SET action = 'x'").run()).toThrow(
      "audit events are never changed",
    );
    expect(() => db.$client.prepare("DELETE FROM audit_events").run()).toThrow("audit events are never deleted");
  });

  it("refuses an INSERT OR REPLACE and an upsert of an existing event, and keeps event 1 as it was", () => {
    agent(db, "Ana");
    const first = db.$client.prepare("SELECT * FROM audit_events WHERE id = 1").get();
    expect(first).toBeTruthy();
    // REPLACE deletes the old row without firing a DELETE trigger (recursive_triggers is off).
    expect(() =>
      db.$client
        .prepare(
          "INSERT OR REPLACE INTO audit_events (id, actor_name, actor_role, action, subject_type, at) VALUES (1, 'x', 'system', 'rewritten', 'x', 0)",
        )
        .run(),
    ).toThrow("audit events are never replaced");
    expect(() =>
      db.$client
        .prepare(
          "INSERT INTO audit_events (id, actor_name, actor_role, action, subject_type, at) VALUES (1, 'x', 'system', 'rewritten', 'x', 0) ON CONFLICT (id) DO UPDATE SET action = excluded.action",
        )
        .run(),
    ).toThrow("audit events are never replaced");
    expect(() =>
      db.$client
        .prepare(
          "REPLACE INTO audit_events (id, actor_name, actor_role, action, subject_type, at) VALUES (1, 'x', 'system', 'rewritten', 'x', 0)",
        )
        .run(),
    ).toThrow("audit events are never replaced");
    expect(db.$client.prepare("SELECT * FROM audit_events WHERE id = 1").get()).toEqual(first);
    // A new event is still written.
    const before = db.select().from(auditEvents).all().length;
    agent(db, "Ben");
    expect(db.select().from(auditEvents).all().length).toBeGreaterThan(before);
  });
});

describe("first-contact e-mails", () => {
  it("carry the lead's agent and license number beside the broker's name", () => {
    const a = agent(db, "Ana", "07654321");
    routing(db, "round_robin");
    submitContact(db, lead(1));
    const drip = outboxWithContent(db, "drip")[0]!;
    expect(drip.htmlBody).toContain("Your agent: Ana Agent, DRE #07654321");
    expect(drip.htmlBody).toContain("Responsible broker");
    expect(drip.replyTo).toBe(a.email);
  });

  it("carry the broker's license when the lead has no agent", () => {
    submitContact(db, lead(1));
    const drip = outboxWithContent(db, "drip")[0]!;
    expect(drip.htmlBody).toMatch(/Your agent: [^<]+ \(responsible broker\), DRE #\d{8}/);
  });
});

afterEach(() => {
  db.$client.close();
});
