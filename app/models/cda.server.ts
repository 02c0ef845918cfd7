/**
 * The commission disbursement authorization (docs/payouts.md; B&P 10137): the broker (or the licensee they named for
 * it, app/models/broker-duties.server.ts) approves a transaction's split once an offer is accepted, its fee comes from
 * a signed agreement and every required item of the file due before closing is approved; the approved figures are
 * kept (`cdas`, never changed: a trigger refuses it) and laid out twice, each sealed with the brokerage's
 * certificate: the copy escrow pays by (the property, the escrow number, the parties, the expected closing, each
 * payee to the cent: the brokerage, a referral broker with their DRE number), e-mailed to the escrow officer, and the
 * brokerage's own copy with the split between the brokerage and its agent; both admin-only documents of the file. A
 * changed price, fee or referral before closing supersedes it (escrow told at once); the broker then approves the
 * next version. The figures are app/models/commission.server.ts's; the PDFs app/infra/cda-pdf.server.ts's.
 *
 * Longer than 500 lines on purpose: approving, superseding and the terms that supersede are one record's life (a
 * version approved, superseded by a changed term, approved again) and share the checks that decide whether it still
 * holds; split, each file would repeat them.
 */
import { Readable } from "node:stream";
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import {
  agreements,
  agreementSigners,
  cdas,
  offers,
  transactionMilestones,
  transactions,
  users,
  type Cda,
  type CdaEscrowDetails,
  type Transaction,
} from "~/db/schema";
import type { CommissionTerms } from "~/lib/admin-schemas";
import { env } from "~/config/env.server";
import { STEPS_OF } from "~/lib/checklist-schema";
import { ConflictError, InvalidInputError } from "~/lib/errors";
import { fullName } from "~/lib/format";
import { apiDollars, basisPointsOf, formatMoneyExact } from "~/lib/money";
import { formatDateTimeIn, formatDayWords, todayIn, type PlainDate } from "~/lib/plain-date";
import { type Actor } from "~/models/actor.server";
import { changesOf, recordAudit } from "~/models/audit-log.server";
import { actingRefusalOn, assertDuty } from "~/models/broker-duties.server";
import { commissionOf, currentCda, toLinesJson, type CommissionFigures } from "~/models/commission.server";
import { insertDocuments } from "~/models/document.server";
import { openRequiredItems } from "~/models/file-review.server";
import type { FileStore } from "~/models/files.server";
import { queuePlainEmail } from "~/models/plain-mail.server";
import { adminRecipients } from "~/models/staff-recipients.server";
import { tabPath } from "~/lib/workspace-tabs";
import { assertAdmin, getTransaction, getTransactionAsAdmin } from "~/models/permissions.server";

/**
 * What a CDA's PDF shows (app/infra/cda-pdf.server.ts lays it out and seals it): `copy` "escrow" is what escrow pays
 * by (no split between the brokerage and its agent: B&P 10137, escrow pays the employing broker); "brokerage" adds the
 * split, line by line, for the brokerage's file.
 */
export type CdaPdfInput = {
  copy: "escrow" | "brokerage";
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
  referral: { broker: string; license: string } | null;
  brokerageCents: number;
  agentCents: number;
  feeCents: number;
  escrowEmail: string;
  escrow: CdaEscrowDetails;
  approvedBy: string;
  approvedAt: Date;
};

/** The CDA's paper, given to the model (the site's file store and seal; the unit tests' own). */
export interface CdaPaper {
  files: FileStore;
  cdaPdf(input: CdaPdfInput): Promise<Buffer>;
}

const CDA_FOLDER = "cdas";

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

/** The day the offer was accepted (Day 0): the contract's, else the accepted offer's, else its step's completion. */
function acceptanceDay(db: DbOrTx, t: Transaction): PlainDate | null {
  if (t.acceptedOn) return t.acceptedOn;
  const offer = db
    .select({ acceptedOn: offers.acceptedOn })
    .from(offers)
    .where(and(eq(offers.transactionId, t.id), eq(offers.status, "accepted")))
    .get();
  if (offer?.acceptedOn) return offer.acceptedOn;
  const step = db
    .select({ completedAt: transactionMilestones.completedAt })
    .from(transactionMilestones)
    .where(
      and(
        eq(transactionMilestones.transactionId, t.id),
        eq(transactionMilestones.stepNumber, acceptedOfferStep(t.type)),
      ),
    )
    .get();
  return step?.completedAt ? todayIn(step.completedAt) : null;
}

const namesOf = (text: string | null) =>
  (text ?? "")
    .split(/[\n;]/)
    .map((n) => n.trim())
    .filter(Boolean);

/** The client side's names as they signed their agreement of `kind` (the client and co-signers), else the client's. */
function clientSideNames(db: DbOrTx, t: Transaction, kind: "listing" | "buyer"): string[] {
  const agreement = db
    .select({ id: agreements.id })
    .from(agreements)
    .where(
      and(
        eq(agreements.transactionId, t.id),
        eq(agreements.kind, kind),
        inArray(agreements.status, ["signed", "sealing"]),
      ),
    )
    .orderBy(desc(agreements.createdAt))
    .limit(1)
    .get();
  if (agreement) {
    const signers = db
      .select({ name: agreementSigners.name, role: agreementSigners.role })
      .from(agreementSigners)
      .where(eq(agreementSigners.agreementId, agreement.id))
      .orderBy(asc(agreementSigners.position))
      .all()
      .filter((s) => s.role !== "agent" && s.name);
    if (signers.length) return signers.map((s) => s.name);
  }
  const client = db.select().from(users).where(eq(users.id, t.userId)).get();
  const name = client ? fullName(client) : "";
  return name.includes(" ") ? [name] : [];
}

/**
 * The parties as the contract names them (the CDA names them for escrow): as entered on the workspace's
 * "Commission", else from the records: our client's side as they signed their agreement, the other side as the
 * accepted offer names its buyer (a sale). A purchase's sellers are entered by hand.
 */
export function partiesOf(db: DbOrTx, t: Transaction): { sellers: string[]; buyers: string[] } {
  const entered = { sellers: namesOf(t.sellerNames), buyers: namesOf(t.buyerNames) };
  if (t.type === "selling") {
    const offer = db
      .select({ buyerName: offers.buyerName })
      .from(offers)
      .where(and(eq(offers.transactionId, t.id), eq(offers.status, "accepted")))
      .get();
    return {
      sellers: entered.sellers.length ? entered.sellers : clientSideNames(db, t, "listing"),
      buyers: entered.buyers.length ? entered.buyers : namesOf(offer?.buyerName ?? null),
    };
  }
  return {
    sellers: entered.sellers,
    buyers: entered.buyers.length ? entered.buyers : clientSideNames(db, t, "buyer"),
  };
}

/**
 * Why the agent may not be paid (a CDA, a payout at closing): their license was not in force on the acceptance day or
 * today (null: it was). The broker may pass it with a written reason (audited).
 */
export function agentLicenseRefusal(db: DbOrTx, t: Transaction, now: Date): string | null {
  if (!t.assignedAgentId) return null;
  const agent = db.select().from(users).where(eq(users.id, t.assignedAgentId)).get();
  if (!agent) return null;
  const accepted = acceptanceDay(db, t);
  const days = [...(accepted ? [accepted] : []), todayIn(now)];
  for (const day of days) {
    const refusal = actingRefusalOn(db, agent, day);
    if (refusal) return `${refusal} (${day === todayIn(now) ? "today" : "on the day the offer was accepted"})`;
  }
  return null;
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

/** The last step before closing: a CDA needs every required item due by it approved (a sale's 13th, a purchase's 12th). */
export const beforeClosingStep = (kind: Transaction["type"]) => STEPS_OF[kind].length - 1;

/** What escrow reads on its copy, from the records; what is missing of it is a blocker. */
function escrowDetailsOf(db: DbOrTx, t: Transaction): { details: CdaEscrowDetails; missing: string[] } {
  const parties = partiesOf(db, t);
  const missing = [
    ...(t.escrowNumber ? [] : ["the escrow number"]),
    ...(parties.sellers.length ? [] : ["the sellers' names as on the contract"]),
    ...(parties.buyers.length ? [] : ["the buyers' names as on the contract"]),
    ...(t.closingOn ? [] : ["the expected closing date (Contract dates)"]),
  ];
  return {
    details: {
      escrowNumber: t.escrowNumber ?? "",
      sellers: parties.sellers,
      buyers: parties.buyers,
      closingOn: t.closingOn ?? "",
      referralLicense: t.referralBroker ? t.referralLicense : null,
      licenseOverride: null,
    },
    missing,
  };
}

/**
 * What keeps the broker from approving now (each in words), none when it may be approved; and apart, an agent's
 * license that was not in force on the acceptance day or today, which the broker may pass with a written reason.
 */
function blockersOf(db: DbOrTx, t: Transaction, figures: CommissionFigures, now: Date) {
  if (t.status === "completed" || t.status === "cancelled") {
    return { blockers: [`This transaction is ${t.status}`], license: null };
  }
  const blockers: string[] = [];
  if (!hasAcceptedOffer(db, t)) blockers.push("No offer is accepted yet");
  if (!figures.ready) blockers.push(`Missing: ${figures.missing.join("; ")}`);
  if (figures.ready && figures.compensation.basis === "estimated") {
    blockers.push("No listing agreement is signed: the fee is only an estimate from the tier table");
  }
  const { missing } = escrowDetailsOf(db, t);
  if (missing.length) blockers.push(`Enter ${missing.join(", ")}`);
  const open = openRequiredItems(db, t, beforeClosingStep(t.type));
  if (open.length) blockers.push(`The file is not complete before closing: ${open.join(", ")}`);
  return { blockers, license: agentLicenseRefusal(db, t, now) };
}

/**
 * `GET /api/transactions/{id}/cda`'s versions and the workspace's: every version, the current one, whether it no
 * longer matches the figures (`stale`), and what keeps the broker from approving (an agent's lapsed license among
 * them, unless passed with a reason). Admins; its client and agent 403, anyone else 404.
 */
export function cdaState(db: Db, actor: Actor, transactionId: number, figures: CommissionFigures, now = new Date()) {
  const t = getTransactionAsAdmin(db, actor, transactionId);
  const versions = versionsOf(db, t.id);
  const current = versions[0]?.status === "current" ? versions[0] : null;
  const { blockers, license } = blockersOf(db, t, figures, now);
  return {
    versions,
    current,
    stale: current ? differs(current, t, figures) : false,
    blockers: license ? [...blockers, license] : blockers,
    license,
    parties: partiesOf(db, t),
  };
}

export const toCdaJson = (c: Cda) => ({
  version: c.version,
  status: c.status,
  agent: c.agentName,
  lines: toLinesJson({ ...c, capAfterCents: c.capBeforeCents === null ? null : c.capBeforeCents + c.brokerageCents }),
  explanation: c.lines,
  escrowEmail: c.escrowEmail,
  escrow: c.escrow,
  documentId: c.documentId,
  sha256: c.sha256,
  escrowDocumentId: c.escrowDocumentId,
  escrowSha256: c.escrowSha256,
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
    `The commission disbursement authorization version ${cda.version} for ${t.propertyAddress ?? `transaction ${t.id}`}, sent on ${formatDayWords(todayIn(cda.approvedAt))}, is superseded: ${reason}.`,
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
 * `POST /api/transactions/{id}/cda` `{ escrowEmail?, override? }` and the workspace's "Approve and send to escrow":
 * the broker or the licensee they named for it (any other admin 403 naming the duty; its client and agent 403; anyone else 404). Approves the
 * split as it stands, lays out and seals the copy for escrow and the brokerage's own, keeps both as admin-only
 * documents, and e-mails escrow its copy (the address given is saved on the transaction, in the same database
 * transaction as the version). 409 without an accepted offer, with the fee only estimated, escrow's details or the
 * file incomplete before closing, figures missing, the agent's license lapsed on the acceptance day or today (unless
 * `override` gives the broker's reason, audited), or when the current version already says the same.
 */
export async function approveCda(
  db: Db,
  actor: Actor,
  paper: CdaPaper,
  transactionId: number,
  input: { escrowEmail?: string | null; override?: string },
  now = new Date(),
): Promise<Cda> {
  const t = getTransactionAsAdmin(db, actor, transactionId);
  assertDuty(db, actor, "approveCda", now);
  const escrowEmail = input.escrowEmail ?? t.escrowEmail;
  if (!escrowEmail) {
    throw new InvalidInputError("Enter the escrow officer's e-mail address", {
      escrowEmail: ["Enter the escrow officer's e-mail address"],
    });
  }
  const figures = commissionOf(db, t, todayIn(now));
  const { blockers, license } = blockersOf(db, t, figures, now);
  if (license && !input.override) {
    blockers.push(`${license}: the broker may approve with a written reason`);
  }
  if (blockers.length) throw new ConflictError(blockers.join(". "), `${tabPath(t.id, "documents")}#file-review`);
  if (!figures.ready) throw new ConflictError(figures.missing.join("; "));
  const previous = versionsOf(db, t.id)[0] ?? null;
  if (previous?.status === "current" && !differs(previous, t, figures) && previous.escrowEmail === escrowEmail) {
    throw new ConflictError(
      `Version ${previous.version} is approved and was sent to escrow: nothing has changed since`,
    );
  }
  const approver = db.select().from(users).where(eq(users.id, actor.id)).get();
  const approvedBy = approver ? fullName(approver) || approver.email : "The broker";
  const version = (previous?.version ?? 0) + 1;
  const site = env().site;
  const escrow = { ...escrowDetailsOf(db, t).details, licenseOverride: license ? (input.override ?? null) : null };
  const common = {
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
    referral: t.referralBroker && t.referralLicense ? { broker: t.referralBroker, license: t.referralLicense } : null,
    brokerageCents: figures.brokerageCents,
    agentCents: figures.agentCents,
    feeCents: figures.feeCents,
    escrowEmail,
    escrow,
    approvedBy,
    approvedAt: now,
  };
  const own = await paper.files.put(CDA_FOLDER, Readable.from(await paper.cdaPdf({ ...common, copy: "brokerage" })));
  const sent = await paper.files.put(CDA_FOLDER, Readable.from(await paper.cdaPdf({ ...common, copy: "escrow" })));
  const ownName = `Commission disbursement authorization v${version} (brokerage's copy).pdf`;
  const sentName = `Commission disbursement authorization v${version}.pdf`;
  return db.transaction((tx) => {
    const latest = versionsOf(tx, t.id)[0] ?? null;
    if ((latest?.version ?? 0) !== (previous?.version ?? 0)) {
      throw new ConflictError("Another version was approved meanwhile: reload the page");
    }
    if (input.escrowEmail && input.escrowEmail !== t.escrowEmail) {
      saveTerms(tx, actor, t.id, { escrowEmail: input.escrowEmail }, now);
    }
    if (latest?.status === "current") supersede(tx, actor, t, latest, `version ${version} replaces it`, now);
    const [documentId, escrowDocumentId] = insertDocuments(
      tx,
      { transactionId: t.id, uploadedBy: actor.id, role: "admin", adminOnly: true, sealed: true },
      [
        { key: own.key, name: ownName, contentType: "application/pdf", size: own.size, sha256: own.sha256 },
        { key: sent.key, name: sentName, contentType: "application/pdf", size: sent.size, sha256: sent.sha256 },
      ],
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
        capBeforeCents: figures.capBeforeCents,
        lines: figures.lines,
        escrowEmail,
        escrow,
        documentId: documentId ?? null,
        sha256: own.sha256,
        escrowDocumentId: escrowDocumentId ?? null,
        escrowSha256: sent.sha256,
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
          `Attached is the commission disbursement authorization for ${t.propertyAddress ?? `transaction ${t.id}`} (escrow #${escrow.escrowNumber}), approved by ${approvedBy} for ${site.name} (DRE #${site.license}) on ${formatDateTimeIn(now)}, signed with the brokerage's seal.`,
          ...(previous ? [`It replaces version ${previous.version}, which is superseded.`] : []),
          `Gross commission: ${formatMoneyExact(figures.grossCents)}.`,
          ...(figures.referralCents && common.referral
            ? [
                `Referral fee to ${common.referral.broker} (DRE #${common.referral.license}): ${formatMoneyExact(figures.referralCents)}.`,
              ]
            : []),
          `To ${site.name}: ${formatMoneyExact(figures.grossCents - figures.referralCents)}.`,
          `Pay the commission to ${site.name} at closing; the brokerage pays its agent.`,
        ],
        action: null,
        transactionId: t.id,
        attachments: [{ filename: sentName, contentType: "application/pdf", key: sent.key }],
      },
      now,
    );
    recordAudit(tx, actor, {
      action: "cda.approve",
      subject: { type: "transaction", id: t.id },
      transactionId: t.id,
      changes: {
        version,
        escrowEmail,
        gross: apiDollars(figures.grossCents),
        sha256: own.sha256,
        escrowSha256: sent.sha256,
        ...(license ? { license, override: input.override } : {}),
      },
      at: now,
    });
    return cda;
  });
}

/** Saves the commission's terms inside the caller's database transaction: audited; a changed referral supersedes. */
function saveTerms(tx: DbOrTx, actor: Actor, id: number, terms: CommissionTerms, now: Date) {
  const before = getTransaction(tx, actor, id);
  const next = {
    ...(terms.referral === undefined
      ? {}
      : terms.referral === null
        ? { referralBroker: null, referralLicense: null, referralBp: null }
        : {
            referralBroker: terms.referral.broker,
            referralLicense: terms.referral.license,
            referralBp: basisPointsOf(terms.referral.percent),
          }),
    ...(terms.escrowEmail === undefined ? {} : { escrowEmail: terms.escrowEmail }),
    ...(terms.escrowNumber === undefined ? {} : { escrowNumber: terms.escrowNumber }),
    ...(terms.sellerNames === undefined ? {} : { sellerNames: terms.sellerNames }),
    ...(terms.buyerNames === undefined ? {} : { buyerNames: terms.buyerNames }),
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
}

/**
 * `PATCH /api/transactions/{id}` `{ referral: { broker, license, percent } | null, escrowEmail, escrowNumber,
 * sellerNames, buyerNames }` and the Money tab's "Commission" form (admins): the referring broker paid first, the
 * escrow officer's e-mail and the escrow's number, the parties as on the contract. Audited; a current CDA the
 * referral changes is superseded. Inside the caller's database transaction when given one.
 */
export function setCommissionTerms(db: DbOrTx, actor: Actor, id: number, terms: CommissionTerms, now = new Date()) {
  assertAdmin(actor);
  db.transaction((tx) => saveTerms(tx, actor, id, terms, now));
}
