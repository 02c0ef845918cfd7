/**
 * Agreements as pages and the API read them: one, a transaction's, a client's, and the API's shape.
 */
import { asc, desc, eq, inArray } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import {
  agreements,
  agreementSigners,
  agreementTemplates,
  legalTexts,
  type Agreement,
  type AgreementSigner,
} from "~/db/schema";
import type { AgreementKind, AgreementStatus, SignerRole } from "~/domain/enums";
import { agreementStatus } from "~/lib/agreement-rules";
import { NotFoundError } from "~/lib/errors";
import { todayIn } from "~/lib/plain-date";
import { type Actor } from "~/models/actor.server";
import { signersOf, visibleAgreement, agreementPdfPath } from "~/models/agreement-access.server";
import { findTransaction, isStaffOn } from "~/models/permissions.server";

export type AgreementView = {
  id: number;
  kind: AgreementKind;
  title: string;
  status: AgreementStatus;
  transactionId: number | null;
  startsOn: string | null;
  endsOn: string | null;
  templateVersion: number | null;
  signers: Array<{
    id: number;
    name: string;
    email: string;
    role: SignerRole;
    /** The broker's seat: signed for the brokerage by an admin in their own name (then `name` and `email`). */
    forBroker: boolean;
    /** The broker's seat that no admin has taken yet (any admin may sign it). */
    seatOpen: boolean;
    /** The signer's account (null: a co-signer, or an open broker's seat). */
    userId: string | null;
    consentedAt: Date | null;
    consentWithdrawnAt: Date | null;
    viewedAt: Date | null;
    signedAt: Date | null;
    /** The agency disclosure they acknowledged (Civil Code §2079.16): its version and when; null: not (yet). */
    agencyDisclosure: { version: number; acknowledgedAt: Date } | null;
  }>;
  /** `recorded`: signed on paper and recorded by staff (app/models/agreement-record.server.ts). */
  source: "portal" | "recorded";
  /** The broker's compensation, structured (a buyer agreement, a recorded one); null: in the text (a listing's fee). */
  compensation: { type: "amount" | "percent"; value: number; cap?: number } | null;
  buyerEntity: string | null;
  /** A listing's protection period and the list of buyers given to the seller after the term. */
  protection: { days: number; list: string[]; listSentOn: string | null } | null;
  /** The seal's last error while it is retried (status `sealing`), for staff. */
  sealError: string | null;
  documentId: number | null;
  signedDocumentId: number | null;
  declineReason: string | null;
  createdAt: Date;
  sentAt: Date | null;
  completedAt: Date | null;
};

/** The template versions of these agreements, by template id (one query, by the primary key). */
function versionsOf(db: DbOrTx, rows: Pick<Agreement, "templateId">[]): Map<number, number> {
  const ids = [...new Set(rows.map((r) => r.templateId).filter((id): id is number => id !== null))];
  if (ids.length === 0) return new Map();
  return new Map(
    db
      .select({ id: agreementTemplates.id, version: agreementTemplates.version })
      .from(agreementTemplates)
      .where(inArray(agreementTemplates.id, ids))
      .all()
      .map((t) => [t.id, t.version]),
  );
}

/** The versions of the agency disclosures these signers acknowledged, by id (one query, by the primary key). */
function agencyVersionsOf(db: DbOrTx, signers: Pick<AgreementSigner, "agencyDisclosureId">[]): Map<number, number> {
  const ids = [...new Set(signers.map((s) => s.agencyDisclosureId).filter((id): id is number => id !== null))];
  if (ids.length === 0) return new Map();
  return new Map(
    db
      .select({ id: legalTexts.id, version: legalTexts.version })
      .from(legalTexts)
      .where(inArray(legalTexts.id, ids))
      .all()
      .map((t) => [t.id, t.version]),
  );
}

export function viewOf(
  db: DbOrTx,
  a: Agreement,
  signers: AgreementSigner[],
  today: string,
  versions = versionsOf(db, [a]),
  agencyVersions = agencyVersionsOf(db, signers),
): AgreementView {
  const version = a.templateId ? (versions.get(a.templateId) ?? null) : null;
  return {
    id: a.id,
    kind: a.kind,
    title: a.title,
    status: agreementStatus(a, today),
    transactionId: a.transactionId,
    startsOn: a.startsOn,
    endsOn: a.endsOn,
    templateVersion: version,
    signers: signers.map((s) => ({
      id: s.id,
      name: s.name,
      email: s.email,
      role: s.role,
      forBroker: s.forBroker,
      seatOpen: s.forBroker && s.userId === null,
      userId: s.userId,
      consentedAt: s.consentedAt,
      consentWithdrawnAt: s.consentWithdrawnAt,
      viewedAt: s.viewedAt,
      signedAt: s.signedAt,
      agencyDisclosure:
        s.agencyDisclosureAt && s.agencyDisclosureId && agencyVersions.has(s.agencyDisclosureId)
          ? { version: agencyVersions.get(s.agencyDisclosureId)!, acknowledgedAt: s.agencyDisclosureAt }
          : null,
    })),
    source: a.source,
    compensation: a.compensation ?? null,
    buyerEntity: a.buyerEntity,
    protection:
      a.kind === "listing" && a.protectionDays !== null
        ? { days: a.protectionDays, list: a.protectionList ?? [], listSentOn: a.protectionListSentOn }
        : null,
    sealError: a.status === "sealing" ? a.sealError : null,
    documentId: a.sourceDocumentId,
    signedDocumentId: a.signedDocumentId,
    declineReason: a.declineReason,
    createdAt: a.createdAt,
    sentAt: a.sentAt,
    completedAt: a.completedAt,
  };
}

/** A transaction's agreements, newest first, each with its signers (two queries, whatever their number). */
export function listAgreements(db: Db, actor: Actor, transactionId: number, now = new Date()): AgreementView[] {
  const transaction = findTransaction(db, actor, transactionId);
  if (!transaction) throw new NotFoundError("Transaction not found");
  const staff = isStaffOn(db, actor, transaction);
  const rows = db
    .select()
    .from(agreements)
    .where(eq(agreements.transactionId, transactionId))
    .orderBy(desc(agreements.createdAt), desc(agreements.id))
    .all()
    .filter((a) => staff || a.status !== "draft");
  return viewsOf(db, rows, now);
}

/** The agreements a client signs, with no transaction yet or any (the portal's list), newest first. */
export function clientAgreements(db: Db, actor: Actor, now = new Date()): AgreementView[] {
  const rows = db
    .select()
    .from(agreements)
    .where(eq(agreements.clientId, actor.id))
    .orderBy(desc(agreements.createdAt), desc(agreements.id))
    .all()
    .filter((a) => a.status !== "draft");
  return viewsOf(db, rows, now);
}

function viewsOf(db: DbOrTx, rows: Agreement[], now: Date): AgreementView[] {
  if (rows.length === 0) return [];
  const all = db
    .select()
    .from(agreementSigners)
    .where(
      inArray(
        agreementSigners.agreementId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(agreementSigners.agreementId), asc(agreementSigners.position))
    .all();
  const today = todayIn(now);
  const versions = versionsOf(db, rows);
  const agencyVersions = agencyVersionsOf(db, all);
  return rows.map((r) =>
    viewOf(
      db,
      r,
      all.filter((s) => s.agreementId === r.id),
      today,
      versions,
      agencyVersions,
    ),
  );
}

/** One agreement as the actor may see it. */
export function getAgreement(db: Db, actor: Actor, id: number, now = new Date()): AgreementView & { staff: boolean } {
  const { agreement, staff } = visibleAgreement(db, actor, id);
  return { ...viewOf(db, agreement, signersOf(db, id), todayIn(now)), staff };
}

/** The API's shape of an agreement. */
export function toAgreementJson(a: AgreementView) {
  return {
    id: a.id,
    kind: a.kind,
    title: a.title,
    status: a.status,
    transactionId: a.transactionId,
    startsOn: a.startsOn,
    endsOn: a.endsOn,
    templateVersion: a.templateVersion,
    signers: a.signers.map((s) => ({
      name: s.name,
      email: s.email,
      role: s.role,
      forBroker: s.forBroker,
      consentedAt: s.consentedAt?.toISOString() ?? null,
      consentWithdrawnAt: s.consentWithdrawnAt?.toISOString() ?? null,
      viewedAt: s.viewedAt?.toISOString() ?? null,
      signedAt: s.signedAt?.toISOString() ?? null,
      /** Who signed this seat: the person, by name and e-mail (the broker's seat: the admin who signed it). */
      signedBy: s.signedAt ? { name: s.name, email: s.email } : null,
      agencyDisclosure: s.agencyDisclosure
        ? { version: s.agencyDisclosure.version, acknowledgedAt: s.agencyDisclosure.acknowledgedAt.toISOString() }
        : null,
    })),
    source: a.source,
    compensation: a.compensation,
    buyerEntity: a.buyerEntity,
    protection: a.protection
      ? { days: a.protection.days, list: a.protection.list, listSentOn: a.protection.listSentOn }
      : null,
    documentId: a.documentId,
    signedDocumentId: a.signedDocumentId,
    pdf: agreementPdfPath(a.id),
    createdAt: a.createdAt.toISOString(),
  };
}
