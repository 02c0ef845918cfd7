/**
 * The commission disbursement authorization (issue 46, docs/payouts.md; B&P 10137): the broker approves a
 * transaction's split once an offer is accepted and the file is complete up to that step; the approved figures are
 * kept (`cdas`, never changed: a trigger refuses it), laid out as a PDF sealed with the brokerage's certificate, kept
 * as an admin-only document of the file and e-mailed to the escrow officer with the PDF attached. A changed price,
 * fee or referral before closing supersedes it (escrow told at once); the broker then approves the next version.
 * The figures are app/models/commission.server.ts's; the PDF is app/infra/cda-pdf.server.ts's.
 */
import { Readable } from "node:stream";
import { and, desc, eq } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import { cdas, offers, transactionMilestones, transactions, users, type Cda, type Transaction } from "~/db/schema";
import type { CommissionTerms } from "~/lib/admin-schemas";
import { env } from "~/config/env.server";
import { STEPS_OF } from "~/lib/checklist-schema";
import { ConflictError, InvalidInputError, NotFoundError } from "~/lib/errors";
import { fullName } from "~/lib/format";
import { formatMoneyExact } from "~/lib/money";
import { todayIn } from "~/lib/plain-date";
import { assertAdmin, type Actor } from "~/models/actor.server";
import { changesOf, recordAudit } from "~/models/audit-log.server";
import { commissionOf, currentCda, type CommissionFigures } from "~/models/commission.server";
import { insertDocuments } from "~/models/document.server";
import { openRequiredItems } from "~/models/file-review.server";
import type { FileStore } from "~/models/files.server";
import { queuePlainEmail } from "~/models/plain-mail.server";
import { adminRecipients } from "~/models/staff-recipients.server";
import { getTransaction } from "~/models/transaction.server";

/** What a CDA's PDF shows (app/infra/cda-pdf.server.ts lays it out and seals it). */
export type CdaPdfInput = {
  brokerage: string;
  license: string;
  transactionId: number;
  propertyAddress: string;
  version: number;
  supersedes: number | null;
  agentName: string;
  lines: string[];
  grossCents: number;
  referralCents: number;
  brokerageCents: number;
  agentCents: number;
  feeCents: number;
  escrowEmail: string;
  approvedBy: string;
  approvedAt: Date;
};

/** The CDA's paper, given to the model (the site's file store and seal; the unit tests' own). */
export interface CdaPaper {
  files: FileStore;
  cdaPdf(input: CdaPdfInput): Promise<Buffer>;
}

const CDA_FOLDER = "cdas";
const NOT_FOUND = "Transaction not found";

/** The step of a transaction's kind an accepted offer completes ("Offer accepted": a purchase's 5th, a sale's 7th). */
export const acceptedOfferStep = (kind: Transaction["type"]) =>
  STEPS_OF[kind].findIndex((m) => m.title === "Offer accepted") + 1;

/** An offer is accepted: one of its offers is, or its "Offer accepted" step is completed (a purchase's own offer). */
function hasAcceptedOffer(db: DbOrTx, t: Transaction): boolean {
  const offer = db
    .select({ id: offers.id })
    .from(offers)
    .where(and(eq(offers.transactionId, t.id), eq(offers.status, "accepted")))
    .get();
  if (offer) return true;
  const step = db
    .select({ status: transactionMilestones.status })
    .from(transactionMilestones)
    .where(
      and(
        eq(transactionMilestones.transactionId, t.id),
        eq(transactionMilestones.stepNumber, acceptedOfferStep(t.type)),
      ),
    )
    .get();
  return step?.status === "completed";
}

/** The versions of a transaction's CDA, newest first. */
const versionsOf = (db: DbOrTx, transactionId: number): Cda[] =>
  db.select().from(cdas).where(eq(cdas.transactionId, transactionId)).orderBy(desc(cdas.version)).all();

/** Whether the agent or the figures computed now differ from an approved version's (then it no longer holds). */
function differs(cda: Cda, t: Transaction, figures: CommissionFigures): boolean {
  if (!figures.ready || cda.agentId !== t.assignedAgentId) return true;
  return (
    cda.grossCents !== figures.grossCents ||
    cda.referralCents !== figures.referralCents ||
    cda.brokerageCents !== figures.brokerageCents ||
    cda.agentCents !== figures.agentCents ||
    cda.feeCents !== figures.feeCents
  );
}

/** What keeps the broker from approving now (each in words), none when it may be approved. */
function blockersOf(db: DbOrTx, t: Transaction, figures: CommissionFigures): string[] {
  if (t.status === "completed" || t.status === "cancelled") return [`This transaction is ${t.status}`];
  const blockers: string[] = [];
  if (!hasAcceptedOffer(db, t)) blockers.push("No offer is accepted yet");
  if (!figures.ready) blockers.push(`Missing: ${figures.missing.join("; ")}`);
  const open = openRequiredItems(db, t, acceptedOfferStep(t.type));
  if (open.length) blockers.push(`The file is not complete up to "Offer accepted": ${open.join(", ")}`);
  return blockers;
}

/**
 * `GET /api/transactions/{id}/cda`'s versions and the Manage page's: every version, the current one, whether it no
 * longer matches the figures (`stale`), and what keeps the broker from approving. Admins; anyone else 404.
 */
export function cdaState(db: Db, actor: Actor, transactionId: number, figures: CommissionFigures) {
  if (!actor.isAdmin) throw new NotFoundError(NOT_FOUND);
  const t = getTransaction(db, actor, transactionId);
  const versions = versionsOf(db, t.id);
  const current = versions[0]?.status === "current" ? versions[0] : null;
  return {
    versions,
    current,
    stale: current ? differs(current, t, figures) : false,
    blockers: blockersOf(db, t, figures),
  };
}

export const toCdaJson = (c: Cda) => ({
  version: c.version,
  status: c.status,
  agent: c.agentName,
  gross: c.grossCents / 100,
  referralFee: c.referralCents / 100,
  brokerage: c.brokerageCents / 100,
  agentShare: c.agentCents / 100,
  fee: c.feeCents / 100,
  lines: c.lines,
  escrowEmail: c.escrowEmail,
  documentId: c.documentId,
  sha256: c.sha256,
  approvedBy: c.approvedByName,
  approvedAt: c.approvedAt.toISOString(),
  supersededAt: c.supersededAt?.toISOString() ?? null,
  supersededReason: c.supersededReason,
});

const subjectOf = (t: Transaction, version: number) =>
  `Commission disbursement authorization, version ${version}: ${t.propertyAddress ?? `transaction ${t.id}`}`;

/** Marks a version superseded and tells its escrow officer (and the admins) not to pay by it. */
function supersede(tx: DbOrTx, actor: Actor | null, t: Transaction, cda: Cda, reason: string, now: Date) {
  tx.update(cdas)
    .set({ status: "superseded", supersededAt: now, supersededReason: reason })
    .where(eq(cdas.id, cda.id))
    .run();
  const site = env().site;
  const lines = [
    `The commission disbursement authorization version ${cda.version} for ${t.propertyAddress ?? `transaction ${t.id}`}, sent on ${todayIn(cda.approvedAt)}, is superseded: ${reason}.`,
    "Please do not disburse by it. The broker sends the new version once it is approved.",
    `${site.name}, DRE #${site.license}`,
  ];
  for (const to of [{ address: cda.escrowEmail }, ...adminRecipients(tx)]) {
    queuePlainEmail(
      tx,
      {
        kind: "cda",
        to,
        subject: `Superseded: ${subjectOf(t, cda.version)}`,
        lines,
        action: null,
        transactionId: t.id,
      },
      now,
    );
  }
  recordAudit(tx, actor, {
    action: "cda.supersede",
    subject: { type: "transaction", id: t.id },
    transactionId: t.id,
    changes: { version: cda.version, reason },
    at: now,
  });
}

/**
 * After a change to what the split is computed from (the price, the fee's tier, the referral, the agent, their plan):
 * a current CDA whose figures no longer hold is superseded and escrow told, before closing only. Called inside the
 * change's database transaction (app/models/transaction-edit.server.ts, commission.server.ts, team.server.ts).
 */
export function supersedeIfChanged(tx: DbOrTx, actor: Actor | null, transactionId: number, reason: string, now: Date) {
  const cda = currentCda(tx, transactionId);
  if (!cda) return;
  const t = tx.select().from(transactions).where(eq(transactions.id, transactionId)).get();
  if (!t || t.status === "completed") return;
  if (differs(cda, t, commissionOf(tx, t, todayIn(now)))) supersede(tx, actor, t, cda, reason, now);
}

/** A change to an agent's plan: each of their open transactions' current CDA is checked (a few at most). */
export function supersedeAgentsCdas(tx: DbOrTx, actor: Actor, agentId: string, now: Date) {
  const open = tx
    .select({ transactionId: cdas.transactionId })
    .from(cdas)
    .where(and(eq(cdas.agentId, agentId), eq(cdas.status, "current")))
    .all();
  for (const { transactionId } of open) supersedeIfChanged(tx, actor, transactionId, "the agent's plan changed", now);
}

/**
 * `POST /api/transactions/{id}/cda` `{ escrowEmail? }` and the Manage page's "Approve and send to escrow" (admins;
 * anyone else 404): approves the split as it stands, lays it out and seals it, keeps it as an admin-only document,
 * and e-mails it to the escrow officer (the address given is saved on the transaction). 409 without an accepted
 * offer, with the file incomplete up to it, with figures missing, or when the current version already says the same.
 */
export async function approveCda(
  db: Db,
  actor: Actor,
  paper: CdaPaper,
  transactionId: number,
  input: { escrowEmail?: string | null },
  now = new Date(),
): Promise<Cda> {
  if (!actor.isAdmin) throw new NotFoundError(NOT_FOUND);
  let t = getTransaction(db, actor, transactionId);
  const escrowEmail = input.escrowEmail ?? t.escrowEmail;
  if (!escrowEmail) {
    throw new InvalidInputError("Enter the escrow officer's e-mail address", {
      escrowEmail: ["Enter the escrow officer's e-mail address"],
    });
  }
  const figures = commissionOf(db, t, todayIn(now));
  const blockers = blockersOf(db, t, figures);
  if (blockers.length) throw new ConflictError(blockers.join(". "), `/admin/transactions/${t.id}/file`);
  if (!figures.ready) throw new ConflictError(figures.missing.join("; "));
  const previous = versionsOf(db, t.id)[0] ?? null;
  if (previous?.status === "current" && !differs(previous, t, figures) && previous.escrowEmail === escrowEmail) {
    throw new ConflictError(
      `Version ${previous.version} is approved and was sent to escrow: nothing has changed since`,
    );
  }
  if (input.escrowEmail && input.escrowEmail !== t.escrowEmail) {
    setCommissionTerms(db, actor, t.id, { escrowEmail: input.escrowEmail }, now);
    t = getTransaction(db, actor, t.id);
  }
  const approver = db.select().from(users).where(eq(users.id, actor.id)).get();
  const approvedBy = approver ? fullName(approver) || approver.email : "The broker";
  const version = (previous?.version ?? 0) + 1;
  const site = env().site;
  const pdf = await paper.cdaPdf({
    brokerage: site.name,
    license: site.license,
    transactionId: t.id,
    propertyAddress: t.propertyAddress ?? `Transaction ${t.id}`,
    version,
    supersedes: previous?.version ?? null,
    agentName: figures.agent,
    lines: figures.lines,
    grossCents: figures.grossCents,
    referralCents: figures.referralCents,
    brokerageCents: figures.brokerageCents,
    agentCents: figures.agentCents,
    feeCents: figures.feeCents,
    escrowEmail,
    approvedBy,
    approvedAt: now,
  });
  const stored = await paper.files.put(CDA_FOLDER, Readable.from(pdf));
  const filename = `Commission disbursement authorization v${version}.pdf`;
  return db.transaction((tx) => {
    const latest = versionsOf(tx, t.id)[0] ?? null;
    if ((latest?.version ?? 0) !== (previous?.version ?? 0)) {
      throw new ConflictError("Another version was approved meanwhile: reload the page");
    }
    if (latest?.status === "current") supersede(tx, actor, t, latest, `version ${version} replaces it`, now);
    const [documentId] = insertDocuments(
      tx,
      { transactionId: t.id, uploadedBy: actor.id, role: "admin", adminOnly: true },
      [{ key: stored.key, name: filename, contentType: "application/pdf", size: stored.size, sha256: stored.sha256 }],
      now,
    );
    const cda = tx
      .insert(cdas)
      .values({
        transactionId: t.id,
        version,
        status: "current",
        agentId: t.assignedAgentId,
        agentName: figures.agent,
        grossCents: figures.grossCents,
        referralCents: figures.referralCents,
        brokerageCents: figures.brokerageCents,
        agentCents: figures.agentCents,
        feeCents: figures.feeCents,
        lines: figures.lines,
        escrowEmail,
        documentId: documentId ?? null,
        sha256: stored.sha256,
        approvedBy: actor.id,
        approvedByName: approvedBy,
        approvedAt: now,
      })
      .returning()
      .get();
    queuePlainEmail(
      tx,
      {
        kind: "cda",
        to: { address: escrowEmail },
        subject: subjectOf(t, version),
        lines: [
          `Attached is the commission disbursement authorization for ${t.propertyAddress ?? `transaction ${t.id}`}, approved by ${approvedBy} for ${site.name} (DRE #${site.license}), signed with the brokerage's seal.`,
          ...(previous ? [`It replaces version ${previous.version}, which is superseded.`] : []),
          `Gross commission: ${formatMoneyExact(figures.grossCents)}.`,
          ...(figures.referralCents ? [`Referral fee: ${formatMoneyExact(figures.referralCents)}.`] : []),
          `Pay the commission to ${site.name} at closing; the brokerage pays its agent.`,
        ],
        action: null,
        transactionId: t.id,
        attachments: [{ filename, contentType: "application/pdf", key: stored.key }],
      },
      now,
    );
    recordAudit(tx, actor, {
      action: "cda.approve",
      subject: { type: "transaction", id: t.id },
      transactionId: t.id,
      changes: { version, escrowEmail, gross: figures.grossCents / 100, sha256: stored.sha256 },
      at: now,
    });
    return cda;
  });
}

/**
 * `PATCH /api/transactions/{id}` `{ referral: { broker, license, percent } | null, escrowEmail }` and the Manage
 * page's "Commission" form (admins): the referring broker paid first, and the escrow officer's e-mail. Audited; a
 * current CDA the referral changes is superseded.
 */
export function setCommissionTerms(db: Db, actor: Actor, id: number, terms: CommissionTerms, now = new Date()) {
  assertAdmin(actor);
  db.transaction((tx) => {
    const before = getTransaction(tx, actor, id);
    const next = {
      ...(terms.referral === undefined
        ? {}
        : terms.referral === null
          ? { referralBroker: null, referralLicense: null, referralBp: null }
          : {
              referralBroker: terms.referral.broker,
              referralLicense: terms.referral.license,
              referralBp: Math.round(terms.referral.percent * 100),
            }),
      ...(terms.escrowEmail === undefined ? {} : { escrowEmail: terms.escrowEmail }),
    };
    const changes = changesOf(before as unknown as Record<string, unknown>, next);
    if (!changes) return;
    tx.update(transactions)
      .set({ ...next, updatedAt: now })
      .where(eq(transactions.id, id))
      .run();
    recordAudit(tx, actor, {
      action: "transaction.commission_terms",
      subject: { type: "transaction", id },
      transactionId: id,
      changes,
      at: now,
    });
    if (terms.referral !== undefined) supersedeIfChanged(tx, actor, id, "the referral fee changed", now);
  });
}
