/**
 * The broker's file review (issue 46, docs/file-review.md), through the API as the agent and the broker meet it: a
 * new file gets its kind's checklist (a later version never changes it); items met by documents, marked ready,
 * approved or returned (the agent e-mailed) with who, when and the SHA-256 of what was reviewed; a removed or added
 * document makes an approved item "changed"; a signed agreement meets its item by itself; the queue oldest first;
 * a transaction completes only with a complete file or an admin's written reason; a client sees none of it.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditEvents, checklistReviews, documents, type User } from "~/db/schema";
import { insertDocuments, removeDocument } from "~/models/document.server";
import { attachSignedAgreement } from "~/models/file-review.server";
import { parseQueueCursor, reviewQueue, waitingCount } from "~/models/file-review-queue.server";
import { assignTransaction } from "~/models/team.server";
import { createTransaction } from "~/models/transaction.server";
import { loader as checklistsApi } from "~/routes/api.checklists";
import { action as putChecklist } from "~/routes/api.checklists.$kind";
import { action as itemEvent } from "~/routes/api.checklist-items.$id.events";
import { loader as fileApi } from "~/routes/api.transactions.$id.checklist";
import { action as patchTransaction } from "~/routes/api.transactions.$id._index";
import { loader as queuePage } from "~/routes/admin.reviews";
import { action as fileAction, loader as filePage } from "~/routes/admin.transactions.$id.documents";
import { addAgent, outboxWithContent, useAppDb } from "./db";
import { answer, args, formPost, get, ORIGIN, sessionCookie } from "./request";

const app = useAppDb();

async function json(method: string, path: string, user: Pick<User, "id"> | null, body?: unknown) {
  const headers = new Headers({ origin: ORIGIN, "content-type": "application/json" });
  if (user) headers.set("cookie", await sessionCookie(user));
  return new Request(`${ORIGIN}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

type Item = {
  id: number;
  name: string;
  required: boolean;
  dueBy: number;
  state: string;
  documents: Array<{ id: number; name: string }>;
  review: { by: string; decision: string; comment: string | null; sha256: string[] } | null;
};
type File = { items: Item[]; complete: boolean; missing: number; returned: number; waiting: number };

async function file(id: number, user: Pick<User, "id">) {
  return answer(async () => fileApi(args(await get(`/api/transactions/${id}/checklist`, user), { id: String(id) })));
}

async function event(itemId: number, user: Pick<User, "id">, body: Record<string, unknown>) {
  return answer(async () =>
    itemEvent(args(await json("POST", `/api/checklist-items/${itemId}/events`, user, body), { id: String(itemId) })),
  );
}

async function patch(id: number, user: Pick<User, "id">, body: Record<string, unknown>) {
  return answer(async () =>
    patchTransaction(args(await json("PATCH", `/api/transactions/${id}`, user, body), { id: String(id) })),
  );
}

function sale(agent: User) {
  const t = createTransaction(
    app.db,
    app.admin,
    { email: app.client.email, type: "selling", propertyAddress: "12 Palm St, San Diego", homeValue: "850000" },
    { notify: false },
  );
  assignTransaction(app.db, app.admin, t.id, { assignedAgentId: agent.id, collaboratorIds: [] });
  return t;
}

let n = 0;
function upload(transactionId: number, name: string, by: User) {
  n += 1;
  const [id] = insertDocuments(
    app.db,
    { transactionId, uploadedBy: by.id, role: "admin" },
    [{ key: `documents/test-${n}`, name, contentType: "application/pdf", size: 10, sha256: `${n}`.padStart(64, "a") }],
    new Date(),
  );
  return id!;
}

describe("the file review", () => {
  it("a new file has its kind's checklist; only staff on it read it (its client 404)", async () => {
    const agent = addAgent(app.db, app.admin);
    const other = addAgent(app.db, app.admin, "Bo", "07654321");
    const t = sale(agent);
    const read = await file(t.id, agent);
    expect(read.status).toBe(200);
    const body = read.data as File;
    expect(body.items.map((i) => i.name)).toContain("Listing agreement (RLA)");
    expect(body.items.every((i) => i.state === "missing" && i.documents.length === 0 && i.review === null)).toBe(true);
    expect(body).toMatchObject({ complete: false, missing: body.items.filter((i) => i.required).length });
    expect((await file(t.id, app.client)).status).toBe(404);
    expect((await file(t.id, other)).status).toBe(404);
    expect((await file(t.id, app.admin)).status).toBe(200);
    // Nor may they act on an item.
    expect((await event(body.items[0]!.id, app.client, { type: "ready" })).status).toBe(404);
    expect((await event(body.items[0]!.id, other, { type: "ready" })).status).toBe(404);
  });

  it("ready, returned with a comment (the agent e-mailed), fixed, approved with the documents' SHA-256; a change waits again", async () => {
    const agent = addAgent(app.db, app.admin);
    const t = sale(agent);
    const items = ((await file(t.id, agent)).data as File).items;
    const tds = items.find((i) => i.name.startsWith("Transfer disclosure"))!;
    // Nothing to review yet.
    expect((await event(tds.id, agent, { type: "ready" })).status).toBe(409);
    const wrong = upload(t.id, "TDS-draft.pdf", agent);
    expect((await event(tds.id, agent, { type: "attach", documentId: wrong })).data).toMatchObject({
      state: "missing",
      documents: [{ id: wrong, name: "TDS-draft.pdf" }],
    });
    // Another transaction's document is not found.
    const elsewhere = upload(sale(agent).id, "other.pdf", agent);
    expect((await event(tds.id, agent, { type: "attach", documentId: elsewhere })).status).toBe(404);
    expect((await event(tds.id, agent, { type: "ready" })).data).toMatchObject({ state: "waiting" });
    expect(waitingCount(app.db)).toBe(1);

    // Only the broker reviews; a return needs a comment.
    expect((await event(tds.id, agent, { type: "approve" })).status).toBe(403);
    expect((await event(tds.id, app.admin, { type: "return" })).status).toBe(400);
    const returned = await event(tds.id, app.admin, { type: "return", comment: "Page 3 is not initialed" });
    expect(returned.data).toMatchObject({
      state: "returned",
      review: { decision: "return", comment: "Page 3 is not initialed", by: "boss@agency.test" },
    });
    const mail = outboxWithContent(app.db, "staff_notice").find((e) => e.subject.startsWith("Returned by the broker"));
    expect(mail).toMatchObject({ toAddress: agent.email });
    expect(mail!.textBody).toContain("Page 3 is not initialed");
    expect(waitingCount(app.db)).toBe(0);

    const fixed = upload(t.id, "TDS-signed.pdf", agent);
    await event(tds.id, agent, { type: "detach", documentId: wrong });
    await event(tds.id, agent, { type: "attach", documentId: fixed });
    expect((await event(tds.id, agent, { type: "ready" })).data).toMatchObject({ state: "waiting" });
    const approved = (await event(tds.id, app.admin, { type: "approve" })).data as Item;
    const sha = app.db.select().from(documents).where(eq(documents.id, fixed)).get()!.sha256;
    expect(approved).toMatchObject({ state: "approved", review: { decision: "approve", sha256: [sha] } });
    expect((await event(tds.id, agent, { type: "ready" })).status).toBe(409);

    // Another document attached: changed, waiting again; removing it leaves it changed.
    const addendum = upload(t.id, "TDS-addendum.pdf", agent);
    expect((await event(tds.id, agent, { type: "attach", documentId: addendum })).data).toMatchObject({
      state: "changed",
    });
    expect(reviewQueue(app.db, app.admin).items.map((i) => [i.name, i.state])).toEqual([[tds.name, "changed"]]);
    await event(tds.id, app.admin, { type: "approve" });
    removeDocument(app.db, agent, addendum);
    expect(((await file(t.id, agent)).data as File).items.find((i) => i.id === tds.id)).toMatchObject({
      state: "changed",
      documents: [{ id: fixed }],
    });
    // Each review is kept as it was: the database refuses to change one.
    expect(() => app.db.update(checklistReviews).set({ comment: "edited" }).run()).toThrow(/never changed/);
    expect(
      app.db
        .select()
        .from(checklistReviews)
        .all()
        .map((r) => r.decision),
    ).toEqual(["return", "approve", "approve"]);
  });

  it("closing needs a complete file, or an admin's written reason (audited)", async () => {
    const agent = addAgent(app.db, app.admin);
    const t = sale(agent);
    const refused = await patch(t.id, agent, { status: "completed" });
    expect(refused.status).toBe(409);
    expect((refused.data as { message: string }).message).toMatch(
      /not complete: Agency disclosure \(AD\), Listing agreement/,
    );
    expect((await patch(t.id, agent, { status: "completed", override: "Paper file" })).status).toBe(403);
    // Every required item approved: it closes.
    for (const item of ((await file(t.id, agent)).data as File).items.filter((i) => i.required)) {
      const doc = upload(t.id, `${item.name}.pdf`, agent);
      await event(item.id, agent, { type: "attach", documentId: doc });
      await event(item.id, agent, { type: "ready" });
      expect((await event(item.id, app.admin, { type: "approve" })).data).toMatchObject({ state: "approved" });
    }
    expect(((await file(t.id, agent)).data as File).complete).toBe(true);
    expect((await patch(t.id, agent, { status: "completed" })).data).toMatchObject({ status: "completed" });

    const second = sale(agent);
    const closed = await patch(second.id, app.admin, { status: "completed", override: "Closed on paper in 2019" });
    expect(closed.data).toMatchObject({ status: "completed" });
    const audit = app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "transaction.complete_override"), eq(auditEvents.transactionId, second.id)))
      .get();
    expect(audit?.changes).toMatchObject({ reason: "Closed on paper in 2019" });
    expect((audit?.changes as { items: string[] }).items).toContain("Final settlement statement");
  });

  it("a signed agreement meets its kind's item by itself", async () => {
    const agent = addAgent(app.db, app.admin);
    const t = sale(agent);
    const signed = upload(t.id, "Listing agreement (signed).pdf", app.admin);
    app.db.transaction((tx) => attachSignedAgreement(tx, t.id, "listing", signed, new Date()));
    const items = ((await file(t.id, agent)).data as File).items;
    expect(items.find((i) => i.name === "Listing agreement (RLA)")!.documents).toEqual([
      { id: signed, name: "Listing agreement (signed).pdf" },
    ]);
    expect(items.filter((i) => i.documents.length > 0)).toHaveLength(1);
    // Once its checklist holds a document, the file cannot change kind.
    expect((await patch(t.id, app.admin, { type: "buying" })).status).toBe(409);
  });

  it("a new checklist version applies to files opened after it; an open file keeps its own", async () => {
    const agent = addAgent(app.db, app.admin);
    const before = sale(agent);
    await file(before.id, agent);
    const current = (await answer(async () => checklistsApi(args(await get("/api/checklists", app.admin))))).data as {
      selling: { version: number; items: Array<Record<string, unknown>> };
    };
    // Migration 0032 added the AVID, lead paint, FIRPTA, Form 593 and PRBS items as the seeded set's version 2.
    expect(current.selling.version).toBe(2);
    const put = async (kind: string, user: Pick<User, "id">, body: unknown) =>
      answer(async () => putChecklist(args(await json("PUT", `/api/checklists/${kind}`, user, body), { kind })));
    const items = [
      ...current.selling.items.map(({ name, required, dueBy, agreementKind, requiredWhen }) => ({
        name,
        required,
        dueBy,
        agreementKind,
        ...(requiredWhen ? { requiredWhen } : {}),
      })),
      { name: "Lead-based paint disclosure", required: true, dueBy: 3 },
    ];
    expect((await put("selling", agent, { items })).status).toBe(403);
    expect((await put("renting", app.admin, { items })).status).toBe(404);
    expect((await put("buying", app.admin, { items: [{ name: "X", required: true, dueBy: 14 }] })).status).toBe(400);
    expect((await put("selling", app.admin, { items: [] })).status).toBe(400);
    expect((await put("selling", app.admin, { items })).data).toMatchObject({ version: 3 });
    const after = sale(agent);
    const names = async (id: number) => ((await file(id, agent)).data as File).items.map((i) => i.name);
    expect(await names(after.id)).toContain("Lead-based paint disclosure");
    expect(await names(before.id)).not.toContain("Lead-based paint disclosure");
  });

  it("the file review (Documents tab) works without JavaScript and the queue lists what waits, oldest first, flagged past 7 days", async () => {
    const agent = addAgent(app.db, app.admin);
    const t = sale(agent);
    const page = (
      await answer(async () =>
        filePage(args(await get(`/admin/transactions/${t.id}/documents`, agent), { id: String(t.id) })),
      )
    ).data as { file: { items: Item[]; state: string } };
    expect(page.file.state).toMatch(/missing/);
    const nhd = page.file.items.find((i) => i.name.startsWith("Natural hazard"))!;
    const doc = upload(t.id, "NHD.pdf", agent);
    const post = async (fields: Record<string, string>, user: User) =>
      answer(async () =>
        fileAction(args(await formPost(`/admin/transactions/${t.id}/documents`, fields, user), { id: String(t.id) })),
      );
    expect((await post({ intent: "attach", itemId: String(nhd.id), documentId: String(doc) }, agent)).status).toBe(302);
    expect((await post({ intent: "ready", itemId: String(nhd.id) }, agent)).status).toBe(302);
    // The client never reaches the page (a staff page: 403, as every back-office page answers a client).
    expect((await post({ intent: "ready", itemId: String(nhd.id) }, app.client)).status).toBe(403);

    // Queue: the oldest first; one waiting more than 7 days flagged.
    const other = sale(agent);
    const old = ((await file(other.id, agent)).data as File).items[0]!;
    const oldDoc = upload(other.id, "AD.pdf", agent);
    await event(old.id, agent, { type: "attach", documentId: oldDoc });
    const { checklistEvent } = await import("~/models/file-review.server");
    checklistEvent(app.db, agent, old.id, { type: "ready" }, new Date(Date.now() - 9 * 24 * 3600_000));
    const queue = (await answer(async () => queuePage(args(await get("/admin/reviews", app.admin))))).data as {
      items: Array<{ name: string; days: number; flagged: boolean; file: string }>;
      total: number;
    };
    expect(queue.total).toBe(2);
    expect(queue.items.map((i) => [i.name, i.flagged])).toEqual([
      [old.name, true],
      [nhd.name, false],
    ]);
    expect(queue.items[0]!.days).toBe(9);
    // The next page starts after the last item of the one before.
    const first = reviewQueue(app.db, app.admin).items[0]!;
    const cursor = parseQueueCursor(`${new Date(first.waitingSince).getTime()}-${first.id}`);
    expect(reviewQueue(app.db, app.admin, cursor).items.map((i) => i.name)).toEqual([nhd.name]);
    expect(parseQueueCursor("1-x")).toBeNull();
    expect(queue.items[1]!.file).toMatch(/missing, 1 waiting$/);
    expect((await answer(async () => queuePage(args(await get("/admin/reviews", agent))))).status).toBe(403);
  });
});
