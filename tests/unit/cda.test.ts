/**
 * The commission disbursement authorization (docs/payouts.md), through the API: approved only by the responsible
 * broker or the licensee they named for it (another admin 403 naming the duty), once an offer is accepted, its fee
 * comes from the signed agreement, escrow's details are known and every required item due before closing is
 * approved; laid out twice and sealed: escrow's copy (escrow number, parties, expected closing, payees to the cent,
 * no split) e-mailed with the PDF attached, the brokerage's copy with the split; both admin-only documents (its client
 * and its agent 404 on them). A changed plan supersedes it (escrow told), the next version replaces it; at completion
 * the approved version's figures are the payout, even when the live split has moved since; the export has every
 * version. An agent whose license lapsed is paid only with the broker's written reason.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  auditEvents,
  documents,
  emailOutbox,
  transactionMilestones,
  transactions,
  users,
  type User,
} from "~/db/schema";
import { fileStore } from "~/infra/file-store.server";
import { deliverDue } from "~/infra/mail-sender.server";
import { createMailTransport } from "~/infra/mail-transport.server";
import { addDaysTo, todayIn } from "~/lib/plain-date";
import { insertDocuments, listDocuments } from "~/models/document.server";
import { checklistEvent, getChecklist } from "~/models/file-review.server";
import { updateMilestone } from "~/models/milestone.server";
import { assignTransaction } from "~/models/team.server";
import { createTransaction } from "~/models/transaction.server";
import { transactionFile } from "~/models/transaction-file.server";
import { upsertUserFromClaims } from "~/models/user.server";
import { action as patchTeam } from "~/routes/api.team.$id";
import { action as patchTransaction } from "~/routes/api.transactions.$id._index";
import { action as approveApi, loader as cdaApi } from "~/routes/api.transactions.$id.cda";
import { loader as downloadDocument } from "~/routes/documents.$id";
import { insertSignedListingAgreement } from "../signed-agreement";
import { addAgent, delegate, outboxWithContent, useAppDb } from "./db";
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
    if (!item.required || item.dueBy > step || item.state === "approved") continue;
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

/** A PDF of the store read as text by poppler (its seal checked by `pdfsig` first). */
async function pdfText(documentId: number) {
  const doc = app.db.select().from(documents).where(eq(documents.id, documentId)).get()!;
  const dir = mkdtempSync(path.join(tmpdir(), "cda-"));
  const file = path.join(dir, "cda.pdf");
  writeFileSync(file, await buffer((await fileStore().get(doc.storageKey))!));
  expect(execFileSync("pdfsig", [file]).toString()).toContain("Signature is Valid.");
  return { doc, text: execFileSync("pdftotext", [file, "-"]).toString().replace(/\s+/g, " ") };
}

/** Ana's plan: 70 % to her, the brokerage's share capped at $1,187.50 a year, no transaction fee. */
const plan = { agentPercent: 70, annualCap: 1187.5, transactionFee: 0, anniversaryOn: "2026-01-01" };

async function setUp() {
  // The broker signs with their full legal name.
  app.db.update(users).set({ firstName: "Bo", lastName: "Broker" }).where(eq(users.id, app.admin.id)).run();
  const ana = addAgent(app.db, app.admin);
  await answer(async () =>
    patchTeam(args(await json("PATCH", `/api/team/${ana.id}`, app.admin, { plan }), { id: ana.id })),
  );
  const sale = (address: string) => {
    // $450,000: the tier table says $5,000; the signed listing agreement says $7,500, and that is the fee.
    const t = createTransaction(
      app.db,
      app.admin,
      {
        email: app.client.email,
        type: "selling",
        propertyAddress: address,
        homeValue: "450000",
        setUpMilestones: true,
      },
      { notify: false },
    );
    insertSignedListingAgreement(app.db, t, { fields: { flatFee: "$7,500" }, signers: ["Sam Seller", "Pat Seller"] });
    assignTransaction(app.db, app.admin, t.id, { assignedAgentId: ana.id, collaboratorIds: [] });
    return t;
  };
  return { ana, sale };
}

const api = (transactionId: number) => ({
  approve: async (body: unknown = {}, user: User = app.admin) =>
    answer(async () =>
      approveApi(
        args(await json("POST", `/api/transactions/${transactionId}/cda`, user, body), { id: String(transactionId) }),
      ),
    ),
  read: async (user: User = app.admin) =>
    answer(async () =>
      cdaApi(args(await get(`/api/transactions/${transactionId}/cda`, user), { id: String(transactionId) })),
    ),
  patch: async (body: unknown, user: User = app.admin) =>
    answer(async () =>
      patchTransaction(
        args(await json("PATCH", `/api/transactions/${transactionId}`, user, body), { id: String(transactionId) }),
      ),
    ),
});

/** The offer accepted (a sale's step 7 done), escrow's details entered, the file complete before closing. */
async function readyForEscrow(t: { id: number }, ana: User) {
  const step = app.db
    .select()
    .from(transactionMilestones)
    .where(eq(transactionMilestones.transactionId, t.id))
    .all()
    .find((m) => m.stepNumber === 7)!;
  updateMilestone(app.db, app.admin, { transactionId: t.id, milestoneId: step.id }, { status: "completed" });
  await api(t.id).patch({ escrowNumber: "SD-24-1187", buyerNames: "Casey Buyer\nJordan Buyer", yearBuilt: 1985 });
  app.db
    .update(transactions)
    .set({ closingOn: addDaysTo(todayIn(new Date()), 30) })
    .where(eq(transactions.id, t.id))
    .run();
  reviewUpTo(t.id, 13, ana);
}

describe("the CDA", () => {
  it("is the broker's, needs the signed fee and a file complete before closing; escrow's copy and the brokerage's, to the cent", async () => {
    const { ana, sale } = await setUp();
    const t = sale("9 Elm St, San Diego, CA 92104");
    const { approve, read } = api(t.id);

    // Its agent and its client read it but may not approve (403, whatever they send); an agent not on it: not found.
    expect((await approve({ escrowEmail: "x" }, ana)).status).toBe(403);
    expect((await approve({}, app.client)).status).toBe(403);
    expect((await read(ana)).status).toBe(403);
    const bo = addAgent(app.db, app.admin, "Bo", "07654321");
    expect((await approve({ escrowEmail: "x" }, bo)).status).toBe(404);
    expect((await read(bo)).status).toBe(404);
    // An admin who is neither the broker nor named by them runs the office, but does not approve: 403 naming it.
    const office = upsertUserFromClaims(app.db, { email: "ops@agency.test", firstName: "Olive" }, ["ops@agency.test"]);
    const refused = await approve({ escrowEmail: "officer@escrow.example" }, office);
    expect(refused.status).toBe(403);
    expect((refused.data as { message: string }).message).toContain("approve commission disbursement authorizations");
    // No escrow officer yet: 400 naming the field.
    expect((await approve()).status).toBe(400);
    const early = await approve({ escrowEmail: "officer@escrow.example" });
    expect(early.status).toBe(409);
    const message = (early.data as { message: string }).message;
    expect(message).toContain("No offer is accepted yet");
    expect(message).toContain("Enter the escrow number, the buyers' names as on the contract");
    expect(message).toContain("The file is not complete before closing");
    // The AVID, FIRPTA and Form 593 are due before closing too (their review was not enough up to "Offer accepted").
    expect(message).toContain("California withholding (FTB Form 593)");

    await readyForEscrow(t, ana);
    const before = (await read()).data as Record<string, unknown>;
    expect(before).toMatchObject({
      blockers: [],
      versions: [],
      basis: "listing_agreement",
      escrowNumber: "SD-24-1187",
      lines: { gross: 7500, referral: 0, brokerage: 1187.5, agent: 6312.5, fee: 0, capBefore: 0, capAfter: 1187.5 },
    });
    // The Team page's rule: once the broker names her, the office manager may approve (she is licensed now).
    delegate(app.db, office, ["approveCda"]);

    const first = await approve({ escrowEmail: "Officer@Escrow.example" }, office);
    expect(first.status).toBe(201);
    expect(first.data).toMatchObject({
      version: 1,
      status: "current",
      lines: { gross: 7500, brokerage: 1187.5, agent: 6312.5, fee: 0, capBefore: 0, capAfter: 1187.5 },
      escrowEmail: "officer@escrow.example",
      escrow: {
        escrowNumber: "SD-24-1187",
        sellers: ["Sam Seller", "Pat Seller"],
        buyers: ["Casey Buyer", "Jordan Buyer"],
      },
      approvedBy: "Olive",
    });
    // Approving again with nothing changed: 409.
    expect((await approve()).status).toBe(409);

    // The brokerage's copy: the split to the cent, the approval in San Diego time.
    const { documentId, escrowDocumentId } = first.data as { documentId: number; escrowDocumentId: number };
    const own = await pdfText(documentId);
    expect(own.doc).toMatchObject({
      adminOnly: true,
      name: "Commission disbursement authorization v1 (brokerage's copy).pdf",
    });
    expect(own.text).toContain("Gross commission: $7,500.00");
    expect(own.text).toContain("capped at $1,187.50");
    expect(own.text).toContain("Agent's share: $6,312.50");
    expect(own.text).toMatch(
      /Approved by Olive for Coastline Flat Fee Realty \(DRE #\d{8}\) on [A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [ap]\.m\. PT/,
    );
    expect(own.text).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
    // Escrow's copy: the escrow number, the parties, the expected closing, the payees; no split between us and Ana.
    const sent = await pdfText(escrowDocumentId);
    expect(sent.doc).toMatchObject({ adminOnly: true, name: "Commission disbursement authorization v1.pdf" });
    expect(sent.text).toContain("Escrow number: SD-24-1187");
    expect(sent.text).toContain("Sellers: Sam Seller, Pat Seller");
    expect(sent.text).toContain("Buyers: Casey Buyer, Jordan Buyer");
    expect(sent.text).toContain("Expected closing:");
    expect(sent.text).toContain("To Coastline Flat Fee Realty");
    expect(sent.text).toContain("$7,500.00");
    expect(sent.text).not.toContain("6,312.50");
    expect(sent.text).not.toContain("Agent's share");
    for (const id of [documentId, escrowDocumentId]) {
      expect(listDocuments(app.db, ana, t.id).map((d) => d.id)).not.toContain(id);
      expect(listDocuments(app.db, app.client, t.id).map((d) => d.id)).not.toContain(id);
      for (const user of [ana, app.client]) {
        const got = await answer(async () =>
          downloadDocument(args(await get(`/documents/${id}`, user), { id: String(id) })),
        );
        expect(got.status).toBe(404);
      }
    }

    // The e-mail to escrow carries escrow's copy: delivered as an .eml with the attachment.
    const mails = outboxWithContent(app.db, "cda");
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ toAddress: "officer@escrow.example" });
    expect(mails[0]!.attachments).toEqual([
      {
        filename: "Commission disbursement authorization v1.pdf",
        contentType: "application/pdf",
        key: sent.doc.storageKey,
      },
    ]);
    expect(mails[0]!.textBody).toContain("escrow #SD-24-1187");
    const mailDir = mkdtempSync(path.join(tmpdir(), "cda-mail-"));
    const transport = createMailTransport({
      smtpUrl: null,
      mailDir,
      from: "Agency <hello@agency.test>",
      tickMs: 1000,
    } as never);
    await deliverDue(app.db, transport, { tickMs: 1000 });
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
  });

  it("a changed plan supersedes it; at completion the approved version is the payout, though the live split moved", async () => {
    const { ana, sale } = await setUp();
    const t = sale("9 Elm St, San Diego, CA 92104");
    const { approve, read, patch } = api(t.id);
    await readyForEscrow(t, ana);
    expect((await approve({ escrowEmail: "officer@escrow.example" })).status).toBe(201);

    // A plan change before closing: version 1 is superseded at once and escrow told.
    await answer(async () =>
      patchTeam(
        args(await json("PATCH", `/api/team/${ana.id}`, app.admin, { plan: { ...plan, transactionFee: 500 } }), {
          id: ana.id,
        }),
      ),
    );
    const stale = (await read()).data as { versions: Array<Record<string, unknown>>; lines: { fee: number } };
    expect(stale.versions[0]).toMatchObject({ status: "superseded", supersededReason: "the agent's plan changed" });
    expect(stale.lines.fee).toBe(500);
    const told = outboxWithContent(app.db, "cda").filter((e) => e.subject.startsWith("Superseded:"));
    expect(told.map((e) => e.toAddress)).toContain("officer@escrow.example");
    const second = await approve();
    expect(second.data).toMatchObject({
      version: 2,
      lines: { gross: 7500, brokerage: 1187.5, fee: 500, agent: 5812.5 },
    });
    expect(outboxWithContent(app.db, "cda").at(-1)!.textBody).toContain("It replaces version 1, which is superseded.");

    // Another sale of Ana's closes first and reaches her cap: t's live split now gives the brokerage nothing.
    const other = sale("12 Oak St, San Diego, CA 92104");
    expect((await api(other.id).patch({ status: "completed", override: "Closed on paper" })).status).toBe(200);
    const moved = (await read()).data as { stale: boolean; lines: { brokerage: number; agent: number } };
    expect(moved).toMatchObject({ stale: true, lines: { brokerage: 0, agent: 7000 } });
    // At completion the version escrow paid by is the payout, not the moved figures.
    reviewUpTo(t.id, 99, ana);
    expect((await patch({ status: "completed" })).status).toBe(200);
    expect(((await read()).data as { payout: unknown }).payout).toMatchObject({
      gross: 7500,
      brokerage: 1187.5,
      fee: 500,
      agent: 5812.5,
    });
    const file = transactionFile(app.db, app.admin, t.id);
    expect(file.data.cdas.map((c) => [c.version, c.status])).toEqual([
      [1, "superseded"],
      [2, "current"],
    ]);
    expect(app.db.select().from(emailOutbox).where(eq(emailOutbox.kind, "cda")).all().length).toBeGreaterThanOrEqual(3);
  });

  it("an agent whose license lapsed is paid only with the broker's written reason, audited", async () => {
    const { ana, sale } = await setUp();
    const t = sale("9 Elm St, San Diego, CA 92104");
    const { approve, read, patch } = api(t.id);
    await readyForEscrow(t, ana);
    // Her license expired yesterday (San Diego's day): not in force on the acceptance day (today).
    const yesterday = addDaysTo(todayIn(new Date()), -1);
    app.db.update(users).set({ licenseExpiresOn: yesterday }).where(eq(users.id, ana.id)).run();
    const state = (await read()).data as { blockers: string[] };
    expect(state.blockers.join(" ")).toContain(`Ana Agent's DRE license #01234567 expired on`);
    const refused = await approve({ escrowEmail: "officer@escrow.example" });
    expect(refused.status).toBe(409);
    expect((refused.data as { message: string }).message).toContain("the broker may approve with a written reason");
    const passed = await approve({ escrowEmail: "officer@escrow.example", override: "Renewed on the 3rd; DRE lag" });
    expect(passed.status).toBe(201);
    expect(passed.data).toMatchObject({ escrow: { licenseOverride: "Renewed on the 3rd; DRE lag" } });
    // Completing pays her only with a reason too (the file is complete: the reason is for the license alone).
    reviewUpTo(t.id, 99, ana);
    const closing = await patch({ status: "completed" });
    expect(closing.status).toBe(409);
    expect((closing.data as { message: string }).message).toContain(
      "cannot be paid for it unless the broker gives a reason",
    );
    expect((await patch({ status: "completed", override: "Renewed on the 3rd; DRE lag" })).status).toBe(200);
    const audits = app.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, "transaction.license_override"))
      .all();
    expect(audits).toHaveLength(1);
  });
});
