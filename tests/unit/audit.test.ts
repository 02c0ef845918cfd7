/**
 * Reading the audit (app/models/audit.server.ts, /admin/audit.csv, GET /api/audit): newest first, paged
 * by id, each filter (person, action, transaction, dates); the CSV streams every event of a filter (a
 * formula-looking cell defused); an agent reads only their own transactions' history, a client nothing.
 */
import { describe, expect, it } from "vitest";
import { ForbiddenError } from "~/lib/errors";
import { csvLine } from "~/lib/csv";
import { recordAudit } from "~/models/audit-log.server";
import { listAudit } from "~/models/audit.server";
import { assignTransaction } from "~/models/team.server";
import { createTransaction } from "~/models/transaction.server";
import { loader as auditApi } from "~/routes/api.audit";
import { loader as auditCsv } from "~/routes/admin.audit[.]csv";
import { addAgent, useAppDb } from "./db";
import { answer, get } from "./request";

const app = useAppDb();

function world() {
  const { db, admin, client } = app;
  const agent = addAgent(db, admin);
  const mine = createTransaction(db, admin, {
    email: client.email,
    type: "selling",
    propertyAddress: "1 Audit St",
    homeValue: "800000",
  });
  const other = createTransaction(db, admin, {
    email: "other@example.com",
    type: "buying",
    propertyAddress: "2 Audit St",
    homeValue: "600000",
  });
  assignTransaction(db, admin, mine.id, { assignedAgentId: agent.id });
  const day = (d: string) => new Date(`${d}T20:00:00Z`);
  recordAudit(db, client, {
    action: "document.view",
    subject: { type: "document", id: 1 },
    transactionId: mine.id,
    changes: { name: "Deed.pdf" },
    at: day("2026-01-05"),
  });
  recordAudit(db, agent, {
    action: "milestone.update",
    subject: { type: "milestone", id: 2 },
    transactionId: mine.id,
    changes: { status: { before: "pending", after: "completed" } },
    at: day("2026-02-05"),
  });
  recordAudit(db, admin, { action: "document.view", subject: { type: "document", id: 3 }, transactionId: other.id });
  return { ...app, agent, mine, other };
}

describe("the audit", () => {
  it("is read newest first, a page at a time, under each filter", () => {
    const { db, admin, agent, mine } = world();
    const all = listAudit(db, admin, {}, 2);
    expect(all.events).toHaveLength(2);
    expect(all.events[0]!.id).toBeGreaterThan(all.events[1]!.id);
    const rest = listAudit(db, admin, { before: all.next! }, 100);
    expect(rest.events.every((e) => e.id < all.events[1]!.id)).toBe(true);
    expect(listAudit(db, admin, { action: "document.view" }).events.map((e) => e.action)).toEqual([
      "document.view",
      "document.view",
    ]);
    expect(listAudit(db, admin, { actorId: agent.id }).events.map((e) => e.action)).toContain("milestone.update");
    expect(listAudit(db, admin, { transactionId: mine.id }).events.every((e) => e.transactionId === mine.id)).toBe(
      true,
    );
    const january = listAudit(db, admin, { from: new Date("2026-01-01"), to: new Date("2026-02-01") }).events;
    expect(january.map((e) => e.action)).toEqual(["document.view"]);
  });

  it("shows an agent their own transaction's history only, and a client none", () => {
    const { db, client, agent, mine, other } = world();
    expect(listAudit(db, agent, { transactionId: mine.id }).events.length).toBeGreaterThan(0);
    expect(() => listAudit(db, agent, { transactionId: other.id })).toThrow();
    expect(() => listAudit(db, agent, {})).toThrow(ForbiddenError);
    expect(() => listAudit(db, client, { transactionId: mine.id })).toThrow();
  });

  it("streams a filter's events as CSV, formulas defused, and answers the API for admins only", async () => {
    const { admin, agent, mine } = world();
    const csv = await answer(async () =>
      auditCsv({ request: await get(`/admin/audit.csv?transactionId=${mine.id}`, admin), params: {}, context: {} }),
    );
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const lines = String(csv.data).trim().split("\r\n");
    expect(lines[0]).toBe(
      "id,at,actor_id,actor_name,actor_role,action,subject_type,subject_id,transaction_id,ip,changes",
    );
    expect(lines.some((l) => l.includes("milestone.update") && l.includes("status: pending → completed"))).toBe(true);
    // A cell that would run as a formula in a spreadsheet gets an apostrophe; quotes and commas are quoted.
    expect(csvLine(["=1+1", 'say "hi"', "a,b"])).toBe(`'=1+1,"say ""hi""","a,b"\r\n`);

    const api = await answer(async () =>
      auditApi({ request: await get(`/api/audit?action=milestone.update`, admin), params: {}, context: {} }),
    );
    expect(api.status).toBe(200);
    expect(api.data).toEqual([
      expect.objectContaining({
        action: "milestone.update",
        actor: { id: agent.id, name: "Ana Agent", role: "agent" },
        subject: { type: "milestone", id: "2" },
        transactionId: mine.id,
        changes: { status: { before: "pending", after: "completed" } },
      }),
    ]);
    const refused = await answer(async () =>
      auditApi({ request: await get("/api/audit", agent), params: {}, context: {} }),
    );
    expect(refused.status).toBe(403);
  });
});
