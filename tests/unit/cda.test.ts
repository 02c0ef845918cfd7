/**
 * The commission disbursement authorization (issue 46, docs/payouts.md), through the API: approved by the broker only
 * once an offer is accepted and the file is complete up to it; sealed as a PDF kept as an admin-only document (its
 * client and its agent 404 on it) and e-mailed to escrow with the PDF attached; a changed price supersedes it (escrow
 * told), the next version replaces it; at completion the CDA's figures are the payout; the export has every version.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { documents, emailOutbox, transactionMilestones, type User } from "~/db/schema";
import { fileStore } from "~/infra/file-store.server";
import { deliverDue } from "~/infra/mail-sender.server";
import { createMailTransport } from "~/infra/mail-transport.server";
import { insertDocuments } from "~/models/document.server";
import { checklistEvent, getChecklist } from "~/models/file-review.server";
import { updateMilestone } from "~/models/milestone.server";
import { assignTransaction } from "~/models/team.server";
import { createTransaction } from "~/models/transaction.server";
import { transactionFile } from "~/models/transaction-file.server";
import { listDocuments } from "~/models/document.server";
import { action as patchTeam } from "~/routes/api.team.$id";
import { action as patchTransaction } from "~/routes/api.transactions.$id._index";
import { action as approveApi, loader as cdaApi } from "~/routes/api.transactions.$id.cda";
import { loader as downloadDocument } from "~/routes/documents.$id";
import { addAgent, outboxWithContent, useAppDb } from "./db";
import { answer, args, get, ORIGIN, sessionCookie } from "./request";

const app = useAppDb();

async function json(method: string, p: string, user: Pick<User, "id">, body?: unknown) {
  const headers = new Headers({ origin: ORIGIN, "content-type": "application/json" });
  headers.set("cookie", await sessionCookie(user));
  return new Request(`${ORIGIN}${p}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

let n = 0;
/** Every required item due by `step` met by a document, marked ready and approved by the broker. */
function reviewUpTo(transactionId: number, step: number, agent: User) {
  for (const item of getChecklist(app.db, app.admin, transactionId).items) {
    if (!item.required || item.dueBy > step) continue;
    n += 1;
    const [documentId] = insertDocuments(
      app.db,
      { transactionId, uploadedBy: agent.id, role: "admin" },
      [
        {
          key: `documents/cda-${n}`,
          name: `${item.name}.pdf`,
          contentType: "application/pdf",
          size: 10,
          sha256: "c".repeat(64),
        },
      ],
      new Date(),
    );
    checklistEvent(app.db, agent, item.id, { type: "attach", documentId });
    checklistEvent(app.db, agent, item.id, { type: "ready" });
    checklistEvent(app.db, app.admin, item.id, { type: "approve" });
  }
}

describe("the CDA", () => {
  it("is approved once the file is complete up to the accepted offer, sealed, kept, sent to escrow and superseded", async () => {
    const ana = addAgent(app.db, app.admin);
    const plan = { agentPercent: 70, annualCap: null, transactionFee: 395, anniversaryOn: "2026-01-01" };
    await answer(async () =>
      patchTeam(args(await json("PATCH", `/api/team/${ana.id}`, app.admin, { plan }), { id: ana.id })),
    );
    const t = createTransaction(
      app.db,
      app.admin,
      {
        email: app.client.email,
        type: "selling",
        propertyAddress: "9 Elm St, San Diego",
        homeValue: "850000",
        setUpMilestones: true,
      },
      { notify: false },
    );
    assignTransaction(app.db, app.admin, t.id, { assignedAgentId: ana.id, collaboratorIds: [] });
    const approve = async (body: unknown = {}, user: User = app.admin) =>
      answer(async () =>
        approveApi(args(await json("POST", `/api/transactions/${t.id}/cda`, user, body), { id: String(t.id) })),
      );
    const read = async (user: User = app.admin) =>
      answer(async () => cdaApi(args(await get(`/api/transactions/${t.id}/cda`, user), { id: String(t.id) })));

    // The agent and the client: not found, whatever they send.
    expect((await approve({ escrowEmail: "x" }, ana)).status).toBe(404);
    expect((await approve({}, app.client)).status).toBe(404);
    // No escrow officer yet: 400 naming the field.
    expect((await approve()).status).toBe(400);
    const early = await approve({ escrowEmail: "officer@escrow.example" });
    expect(early.status).toBe(409);
    expect((early.data as { message: string }).message).toContain("No offer is accepted yet");
    expect((early.data as { message: string }).message).toContain('The file is not complete up to "Offer accepted"');

    // The offer accepted (its step done) and the file complete up to it (step 7 of a sale).
    const step = app.db
      .select()
      .from(transactionMilestones)
      .where(eq(transactionMilestones.transactionId, t.id))
      .all()
      .find((m) => m.stepNumber === 7)!;
    updateMilestone(app.db, app.admin, { transactionId: t.id, milestoneId: step.id }, { status: "completed" });
    reviewUpTo(t.id, 7, ana);
    const before = (await read()).data as { blockers: string[]; versions: unknown[] };
    expect(before).toMatchObject({ blockers: [], versions: [] });

    const first = await approve({ escrowEmail: "Officer@Escrow.example" });
    expect(first.status).toBe(201);
    expect(first.data).toMatchObject({
      version: 1,
      status: "current",
      gross: 10000,
      brokerage: 3000,
      fee: 395,
      agentShare: 6605,
      escrowEmail: "officer@escrow.example",
      approvedBy: "boss@agency.test",
    });
    // Approving again with nothing changed: 409.
    expect((await approve()).status).toBe(409);

    // The sealed PDF: an admin-only document of the file (the agent and the client never see it).
    const documentId = (first.data as { documentId: number }).documentId;
    const doc = app.db.select().from(documents).where(eq(documents.id, documentId)).get()!;
    expect(doc).toMatchObject({ adminOnly: true, name: "Commission disbursement authorization v1.pdf" });
    const pdf = await buffer((await fileStore().get(doc.storageKey))!);
    const dir = mkdtempSync(path.join(tmpdir(), "cda-"));
    writeFileSync(path.join(dir, "cda.pdf"), pdf);
    expect(execFileSync("pdfsig", [path.join(dir, "cda.pdf")]).toString()).toContain("Signature is Valid.");
    const text = execFileSync("pdftotext", [path.join(dir, "cda.pdf"), "-"]).toString();
    expect(text).toContain("Gross commission: $10,000.00");
    expect(text).toContain("9 Elm St, San Diego");
    expect(listDocuments(app.db, ana, t.id).map((d) => d.id)).not.toContain(documentId);
    expect(listDocuments(app.db, app.client, t.id).map((d) => d.id)).not.toContain(documentId);
    expect(listDocuments(app.db, app.admin, t.id).map((d) => d.id)).toContain(documentId);
    for (const user of [ana, app.client]) {
      const got = await answer(async () =>
        downloadDocument(args(await get(`/documents/${documentId}`, user), { id: String(documentId) })),
      );
      expect(got.status).toBe(404);
    }

    // The e-mail to escrow carries the PDF: delivered as an .eml with the attachment.
    const sent = outboxWithContent(app.db, "cda");
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ toAddress: "officer@escrow.example" });
    expect(sent[0]!.attachments).toEqual([
      { filename: "Commission disbursement authorization v1.pdf", contentType: "application/pdf", key: doc.storageKey },
    ]);
    const mailDir = mkdtempSync(path.join(tmpdir(), "cda-mail-"));
    const transport = createMailTransport({
      smtpUrl: null,
      mailDir,
      from: "Agency <hello@agency.test>",
      tickMs: 1000,
    } as never);
    await deliverDue(app.db, transport, { tickMs: 1000 });
    // Headers unfolded (a long one is folded onto the next line).
    const eml = readFileSync(
      path.join(
        mailDir,
        readdirSync(mailDir).find((f) => f.includes("-cda"))!,
      ),
    )
      .toString()
      .replace(/\r?\n[ \t]+/g, " ");
    expect(eml).toContain('filename="Commission disbursement authorization v1.pdf"');
    expect(eml).toContain("Content-Type: application/pdf");

    // A price or fee changes before closing (the flat fee stays with its tier; the plan's transaction fee is raised):
    // version 1 is superseded at once and escrow told. A change that leaves the figures (the home's value) does not.
    const patchT = async (body: unknown) =>
      answer(async () =>
        patchTransaction(args(await json("PATCH", `/api/transactions/${t.id}`, app.admin, body), { id: String(t.id) })),
      );
    expect((await patchT({ homeValue: "900000" })).status).toBe(200);
    expect(((await read()).data as { versions: Array<{ status: string }> }).versions[0]).toMatchObject({
      status: "current",
    });
    await answer(async () =>
      patchTeam(
        args(await json("PATCH", `/api/team/${ana.id}`, app.admin, { plan: { ...plan, transactionFee: 500 } }), {
          id: ana.id,
        }),
      ),
    );
    const stale = (await read()).data as { versions: Array<{ status: string }>; fee: number };
    expect(stale.versions[0]).toMatchObject({ status: "superseded", supersededReason: "the agent's plan changed" });
    expect(stale.fee).toBe(500);
    const told = outboxWithContent(app.db, "cda").filter((e) => e.subject.startsWith("Superseded:"));
    expect(told.map((e) => e.toAddress)).toContain("officer@escrow.example");

    const second = await approve();
    expect(second.data).toMatchObject({ version: 2, status: "current", gross: 10000, fee: 500 });
    const newest = outboxWithContent(app.db, "cda").at(-1)!;
    expect(newest.textBody).toContain("It replaces version 1, which is superseded.");

    // At completion the CDA's figures are the payout; the export keeps both versions.
    reviewUpTo(t.id, 99, ana);
    expect((await patchT({ status: "completed" })).status).toBe(200);
    expect(((await read()).data as { payout: { gross: number } }).payout).toMatchObject({ gross: 10000, fee: 500 });
    const file = transactionFile(app.db, app.admin, t.id);
    expect(file.data.cdas.map((c) => [c.version, c.status])).toEqual([
      [1, "superseded"],
      [2, "current"],
    ]);
    expect(app.db.select().from(emailOutbox).where(eq(emailOutbox.kind, "cda")).all().length).toBeGreaterThanOrEqual(3);
  });
});
