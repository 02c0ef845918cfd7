/**
 * Agreements and their signatures (docs/agreements.md): prepared by staff on a transaction from a template or
 * any of its PDFs (or by a seller on the site: app/models/listing-start.server.ts), sent, consented to,
 * viewed and signed by each signer in turn (clients and co-signers, then the agent or broker), declined or
 * voided; the last signature seals the signed copy (the paper: app/infra/agreement-pdf.server.ts) and keeps
 * it as a document of the transaction that cannot be removed. Who may see one: its transaction's client and
 * staff (a listing started on the site: its client, its agent, admins); anyone else is told "not found". A
 * co-signer without an account acts through the e-mailed link (`signerOfLink`). Every step is in the audit.
 */
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { and, asc, desc, eq, gte, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import {
  agreements,
  agreementSigners,
  agreementTemplates,
  documents,
  transactions,
  users,
  type Agreement,
  type AgreementSigner,
  type Transaction,
} from "~/db/schema";
import { env } from "~/config/env.server";
import type { AgreementKind, AgreementStatus, SignerRole } from "~/domain/enums";
import type { CertificateInput } from "~/lib/agreement-certificate";
import {
  agreementStatus,
  COPY_LINK_DAYS,
  inForce,
  outOfTurn,
  SIGNING_LINK_DAYS,
  typedNameMatches,
} from "~/lib/agreement-rules";
import type { PrepareAgreementInput } from "~/lib/agreement-schema";
import { agreementDateErrors, fillTemplate, templateBlocks, type TemplateBlock } from "~/lib/agreement-template";
import { ConflictError, InvalidInputError, NotFoundError } from "~/lib/errors";
import { fullName } from "~/lib/format";
import { formatMoney } from "~/lib/money";
import { tierFor } from "~/lib/pricing";
import { todayIn } from "~/lib/plain-date";
import { DAY_MS } from "~/lib/time";
import { isStaff, type Actor } from "~/models/actor.server";
import { mailAgreementEvent, mailSignRequest } from "~/models/agreement-mail.server";
import { recordAudit, requestClient } from "~/models/audit-log.server";
import { insertDocuments } from "~/models/document.server";
import type { FileStore } from "~/models/files.server";
import { createTransaction, findTransaction, getTransactionAsStaff, isStaffOn } from "~/models/transaction.server";
import { newToken, sha256Hex } from "~/models/secret-token.server";

/** The store's folder of agreements' PDFs (unsigned and sealed): never swept as documents' left-overs. */
export const AGREEMENTS_FOLDER = "agreements";

/** What the model asks of PDFs (app/infra/agreement-pdf.server.ts `agreementPaper`), with the file store. */
export interface AgreementPaper {
  files: FileStore;
  /** The unsigned agreement laid out from its template's filled text. */
  agreementPdf(blocks: TemplateBlock[], options: { title: string; brokerage: string }): Promise<Buffer>;
  /** The signed copy: the document, the signature page and the certificate, sealed with the brokerage's certificate. */
  signedPdf(unsigned: Buffer, certificate: Omit<CertificateInput, "unsignedPages">): Promise<Buffer>;
}

const NOT_FOUND = "Agreement not found";

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
    consentedAt: Date | null;
    viewedAt: Date | null;
    signedAt: Date | null;
  }>;
  documentId: number | null;
  signedDocumentId: number | null;
  declineReason: string | null;
  createdAt: Date;
  sentAt: Date | null;
};

async function readAll(files: FileStore, key: string): Promise<Buffer> {
  const stream = await files.get(key);
  if (!stream) throw new Error(`The agreement's file ${key} is missing`);
  return buffer(stream);
}

/** An agreement the actor may read, and whether as staff (404 for anyone else, its existence being private). */
function visibleAgreement(db: DbOrTx, actor: Actor, id: number): { agreement: Agreement; staff: boolean } {
  const agreement = db.select().from(agreements).where(eq(agreements.id, id)).get();
  if (!agreement) throw new NotFoundError(NOT_FOUND);
  if (agreement.transactionId !== null) {
    const transaction = findTransaction(db, actor, agreement.transactionId);
    if (!transaction) throw new NotFoundError(NOT_FOUND);
    const staff = isStaffOn(db, actor, transaction);
    // A draft is staff's until it is sent.
    if (!staff && agreement.status === "draft") throw new NotFoundError(NOT_FOUND);
    return { agreement, staff };
  }
  if (actor.isAdmin || (isStaff(actor) && agreement.agentId === actor.id)) return { agreement, staff: true };
  if (agreement.clientId === actor.id) return { agreement, staff: false };
  throw new NotFoundError(NOT_FOUND);
}

const signersOf = (db: DbOrTx, agreementId: number) =>
  db
    .select()
    .from(agreementSigners)
    .where(eq(agreementSigners.agreementId, agreementId))
    .orderBy(asc(agreementSigners.position))
    .all();

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

function viewOf(
  db: DbOrTx,
  a: Agreement,
  signers: AgreementSigner[],
  today: string,
  versions = versionsOf(db, [a]),
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
      consentedAt: s.consentedAt,
      viewedAt: s.viewedAt,
      signedAt: s.signedAt,
    })),
    documentId: a.sourceDocumentId,
    signedDocumentId: a.signedDocumentId,
    declineReason: a.declineReason,
    createdAt: a.createdAt,
    sentAt: a.sentAt,
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
  return rows.map((r) =>
    viewOf(
      db,
      r,
      all.filter((s) => s.agreementId === r.id),
      today,
      versions,
    ),
  );
}

/** One agreement as the actor may see it. */
export function getAgreement(db: Db, actor: Actor, id: number, now = new Date()): AgreementView & { staff: boolean } {
  const { agreement, staff } = visibleAgreement(db, actor, id);
  return { ...viewOf(db, agreement, signersOf(db, id), todayIn(now)), staff };
}

/** The signer who countersigns: the transaction's agent, else the broker (any admin signs in the broker's seat). */
function countersigner(db: DbOrTx, agentId: string | null): { name: string; email: string; userId: string | null } {
  const agent = agentId ? db.select().from(users).where(eq(users.id, agentId)).get() : undefined;
  if (agent && !agent.deactivatedAt)
    return { name: fullName(agent) || agent.email, email: agent.email, userId: agent.id };
  const { site } = env();
  return { name: site.broker, email: site.email, userId: null };
}

/** What a template's fields are prefilled with from a transaction: client, property, value, tier, agent, broker. */
export function prefilledFields(
  db: DbOrTx,
  transaction: Pick<Transaction, "userId" | "propertyAddress" | "homeValueCents" | "assignedAgentId">,
): Record<string, string> {
  const client = db.select().from(users).where(eq(users.id, transaction.userId)).get();
  const agent = transaction.assignedAgentId
    ? db.select().from(users).where(eq(users.id, transaction.assignedAgentId)).get()
    : undefined;
  const { site } = env();
  const value = transaction.homeValueCents;
  return {
    clientNames: client ? fullName(client) || client.email : "",
    propertyAddress: transaction.propertyAddress ?? "",
    listPrice: value ? formatMoney(value) : "",
    flatFee: value ? formatMoney(tierFor(value).feeCents) : "",
    buyerAgentCompensation: "",
    buyerBrokerCompensation: "",
    agentName: agent ? fullName(agent) || agent.email : site.broker,
    agentLicense: agent?.licenseNumber ?? site.brokerLicense,
    brokerName: site.broker,
    brokerLicense: site.brokerLicense,
    brokerageName: site.name,
  };
}

/**
 * Prepares an agreement on a transaction (staff): from the newest version of a template (its text filled in
 * and laid out as the unsigned PDF) or from a PDF document of the transaction. The signers: the client, any
 * co-signers, then the countersigner (the transaction's agent, else the broker). A draft until sent.
 */
export async function prepareAgreement(
  db: Db,
  actor: Actor,
  paper: AgreementPaper,
  transactionId: number,
  input: PrepareAgreementInput,
  now = new Date(),
): Promise<AgreementView> {
  const transaction = getTransactionAsStaff(db, actor, transactionId);
  const client = db.select().from(users).where(eq(users.id, transaction.userId)).get()!;
  const signers = signersFor(db, input.signers, client, transaction.assignedAgentId);
  let source: { kind: AgreementKind; title: string; templateId: number | null; documentId: number | null; pdf: Buffer };
  if (input.templateId !== undefined) {
    const template = db.select().from(agreementTemplates).where(eq(agreementTemplates.id, input.templateId)).get();
    if (!template) throw new InvalidInputError("Choose a template", { templateId: ["No such template"] });
    const fits = template.kind === "listing" ? transaction.type === "selling" : transaction.type === "buying";
    if (!fits) {
      const message = `A ${template.kind === "listing" ? "listing agreement is for a sale" : "buyer agreement is for a purchase"}`;
      throw new InvalidInputError(message, { templateId: [message] });
    }
    const startsOn = input.startsOn ?? todayIn(now);
    const errors = agreementDateErrors(template.kind, startsOn, input.endsOn);
    if (Object.keys(errors).length) throw new InvalidInputError(Object.values(errors)[0]![0]!, errors);
    // The transaction's own values, under whatever the preparer typed.
    const given = Object.fromEntries(Object.entries(input.fields).filter(([, v]) => v !== ""));
    input = { ...input, startsOn, fields: { ...prefilledFields(db, transaction), ...given } };
    const values = { ...input.fields, startsOn, endsOn: input.endsOn };
    const title = `${template.name}: ${input.fields.propertyAddress || input.fields.clientNames || "agreement"}`;
    const pdf = await paper.agreementPdf(templateBlocks(fillTemplate(template.body, values)), {
      title,
      brokerage: env().site.name,
    });
    source = { kind: template.kind, title, templateId: template.id, documentId: null, pdf };
  } else {
    const document = db
      .select()
      .from(documents)
      .where(
        and(
          eq(documents.id, input.documentId!),
          eq(documents.transactionId, transactionId),
          isNull(documents.removedAt),
        ),
      )
      .get();
    if (!document)
      throw new InvalidInputError("Choose a document of this transaction", {
        documentId: ["Not a document of this transaction"],
      });
    if (document.contentType !== "application/pdf") {
      throw new InvalidInputError("Only a PDF can be signed", { documentId: ["Only a PDF can be signed"] });
    }
    const pdf = await readAll(paper.files, document.storageKey);
    source = { kind: "document", title: document.name, templateId: null, documentId: document.id, pdf };
  }
  const stored = await paper.files.put(AGREEMENTS_FOLDER, Readable.from(source.pdf));
  const id = db.transaction((tx) => {
    const row = tx
      .insert(agreements)
      .values({
        transactionId,
        clientId: transaction.userId,
        agentId: transaction.assignedAgentId,
        kind: source.kind,
        templateId: source.templateId,
        sourceDocumentId: source.documentId,
        title: source.title,
        fields: source.kind === "document" ? {} : input.fields,
        startsOn: source.kind === "document" ? null : (input.startsOn ?? null),
        endsOn: source.kind === "document" ? null : (input.endsOn ?? null),
        unsignedKey: stored.key,
        unsignedSha256: stored.sha256,
        createdBy: actor.id,
        createdAt: now,
      })
      .returning({ id: agreements.id })
      .get();
    insertSigners(tx, row.id, signers);
    recordAudit(tx, actor, {
      action: "agreement.prepare",
      subject: { type: "agreement", id: row.id },
      transactionId,
      changes: {
        kind: source.kind,
        title: source.title,
        signers: signers.map((s) => `${s.name} <${s.email}> (${s.role})`),
      },
      at: now,
    });
    return row.id;
  });
  return getAgreement(db, actor, id, now);
}

type NewSigner = { name: string; email: string; role: SignerRole; userId: string | null };

/** The signers in their order: the client (their account), co-signers, then the countersigner. */
function signersFor(
  db: DbOrTx,
  given: PrepareAgreementInput["signers"],
  client: { id: string; email: string; firstName: string | null; lastName: string | null },
  agentId: string | null,
): NewSigner[] {
  const clientGiven = given.find((s) => s.role === "client");
  if (clientGiven && clientGiven.email !== client.email) {
    throw new InvalidInputError("The client signer is the transaction's client", {
      signers: [`The client signs as ${client.email}`],
    });
  }
  const counter = countersigner(db, agentId);
  const agentGiven = given.find((s) => s.role === "agent");
  if (agentGiven && agentGiven.email !== counter.email) {
    throw new InvalidInputError("The agent who signs is the transaction's agent, or the broker", {
      signers: [`The agent signs as ${counter.email}`],
    });
  }
  const cosigners = given.filter((s) => s.role === "cosigner");
  if (cosigners.some((s) => s.email === client.email || s.email === counter.email)) {
    throw new InvalidInputError("A co-signer has an e-mail address of their own", {
      cosignerEmail: ["A co-signer has an e-mail address of their own"],
    });
  }
  return [
    {
      name: clientGiven?.name ?? (fullName(client) || client.email),
      email: client.email,
      role: "client",
      userId: client.id,
    },
    ...cosigners.map((s) => ({ name: s.name, email: s.email, role: "cosigner" as const, userId: null })),
    { name: agentGiven?.name ?? counter.name, email: counter.email, role: "agent", userId: counter.userId },
  ];
}

function insertSigners(tx: DbOrTx, agreementId: number, signers: NewSigner[]) {
  signers.forEach((s, position) =>
    tx
      .insert(agreementSigners)
      .values({ agreementId, position, role: s.role, name: s.name, email: s.email, userId: s.userId })
      .run(),
  );
}

/** A new agreement's rows for a listing started on the site (app/models/listing-start.server.ts), sent at once. */
export function insertStartedListing(
  tx: DbOrTx,
  values: {
    client: { id: string; email: string; firstName: string | null; lastName: string | null };
    agentId: string | null;
    templateId: number;
    title: string;
    fields: Record<string, string>;
    startsOn: string;
    endsOn: string;
    stored: { key: string; sha256: string };
  },
  now: Date,
): number {
  const row = tx
    .insert(agreements)
    .values({
      transactionId: null,
      clientId: values.client.id,
      agentId: values.agentId,
      kind: "listing",
      templateId: values.templateId,
      title: values.title,
      fields: values.fields,
      startsOn: values.startsOn,
      endsOn: values.endsOn,
      unsignedKey: values.stored.key,
      unsignedSha256: values.stored.sha256,
      startedOnline: true,
      status: "sent",
      createdBy: values.client.id,
      createdAt: now,
      sentAt: now,
    })
    .returning({ id: agreements.id })
    .get();
  insertSigners(tx, row.id, signersFor(tx, [], values.client, values.agentId));
  recordAudit(
    tx,
    { id: values.client.id, isAdmin: false },
    {
      action: "agreement.prepare",
      subject: { type: "agreement", id: row.id },
      changes: { kind: "listing", title: values.title, startedOnline: true },
      at: now,
    },
  );
  return row.id;
}

/** Sends a draft for signature (staff): each client is e-mailed a link; each co-signer their own single-use link. */
export function sendAgreement(db: Db, actor: Actor, id: number, now = new Date()): AgreementView {
  db.transaction((tx) => {
    const { agreement, staff } = visibleAgreement(tx, actor, id);
    if (!staff) throw new NotFoundError(NOT_FOUND);
    if (agreement.status !== "draft") throw new ConflictError("This agreement has been sent already");
    if (agreementStatus(agreement, todayIn(now)) === "expired")
      throw new ConflictError("This agreement's end date has passed");
    tx.update(agreements).set({ status: "sent", sentAt: now }).where(eq(agreements.id, id)).run();
    for (const signer of signersOf(tx, id)) {
      if (signer.role === "agent") continue;
      mailSignRequest(tx, agreement, signer, linkFor(tx, signer, SIGNING_LINK_DAYS, now), now);
    }
    recordAudit(tx, actor, {
      action: "agreement.send",
      subject: { type: "agreement", id },
      transactionId: agreement.transactionId,
      at: now,
    });
  });
  return getAgreement(db, actor, id, now);
}

/** A co-signer's link token (made and stored as its hash); null for a signer with an account. */
function linkFor(tx: DbOrTx, signer: AgreementSigner, days: number, now: Date): string | null {
  if (signer.role !== "cosigner") return null;
  const token = newToken(32);
  tx.update(agreementSigners)
    .set({ linkHash: sha256Hex(token), linkExpiresAt: new Date(now.getTime() + days * DAY_MS), linkUsedAt: null })
    .where(eq(agreementSigners.id, signer.id))
    .run();
  return token;
}

/** Who acts on an agreement: a signed-in person, or a co-signer holding their e-mailed link. */
export type SignerKey = { actor: Actor } | { token: string };

/**
 * The co-signer a link belongs to, while it is good (7 days, unused): anything else, a used, expired or
 * altered link, is "not found" and shows nothing of the document. A link to a signed copy opens that only.
 */
export function signerOfLink(
  db: DbOrTx,
  token: string,
  now = new Date(),
): { agreement: Agreement; signer: AgreementSigner } {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) throw new NotFoundError("This link is not valid");
  const signer = db
    .select()
    .from(agreementSigners)
    .where(eq(agreementSigners.linkHash, sha256Hex(token)))
    .get();
  if (!signer || signer.linkUsedAt || !signer.linkExpiresAt || signer.linkExpiresAt <= now) {
    throw new NotFoundError("This link is not valid");
  }
  const agreement = db.select().from(agreements).where(eq(agreements.id, signer.agreementId)).get()!;
  return { agreement, signer };
}

/** The agreement and the signer the key acts as (the actor's own row; an admin in the broker's seat). */
function signerFor(
  db: DbOrTx,
  key: SignerKey,
  id: number,
  now: Date,
): { agreement: Agreement; signer: AgreementSigner; actor: Actor | null } {
  if ("token" in key) {
    const found = signerOfLink(db, key.token, now);
    if (found.agreement.id !== id) throw new NotFoundError(NOT_FOUND);
    return { ...found, actor: null };
  }
  const { agreement } = visibleAgreement(db, key.actor, id);
  const signers = signersOf(db, id);
  const own =
    signers.find((s) => s.userId === key.actor.id) ??
    (key.actor.isAdmin ? signers.find((s) => s.role === "agent" && s.userId === null) : undefined);
  if (!own) throw new ConflictError("You are not a signer of this agreement");
  return { agreement, signer: own, actor: key.actor };
}

/** 409 unless the agreement is waiting for signatures. */
function assertOpen(agreement: Agreement, now: Date) {
  const status = agreementStatus(agreement, todayIn(now));
  if (status === "draft") throw new ConflictError("This agreement has not been sent for signature yet");
  if (status === "signed") throw new ConflictError("This agreement is signed already");
  if (status === "declined") throw new ConflictError("This agreement was declined");
  if (status === "voided") throw new ConflictError("This agreement was voided");
  if (status === "expired") throw new ConflictError("This agreement's end date has passed");
}

/** Whether this signer must also acknowledge the agency disclosure (a client's first agreement). */
export function needsAgencyDisclosure(db: DbOrTx, signer: Pick<AgreementSigner, "role" | "userId">): boolean {
  if (signer.role !== "client" || !signer.userId) return false;
  const user = db.select({ at: users.agencyDisclosureAt }).from(users).where(eq(users.id, signer.userId)).get();
  return !user?.at;
}

/** Records a signer's consent to sign electronically (time, address, browser), and a client's agency disclosure. */
export function consentToSign(
  db: Db,
  key: SignerKey,
  id: number,
  input: { agencyDisclosure?: boolean },
  now = new Date(),
): void {
  db.transaction((tx) => {
    const { agreement, signer, actor } = signerFor(tx, key, id, now);
    assertOpen(agreement, now);
    if (signer.signedAt) throw new ConflictError("You have signed this agreement already");
    if (needsAgencyDisclosure(tx, signer)) {
      if (input.agencyDisclosure !== true) {
        throw new InvalidInputError("Acknowledge the agency disclosure first", {
          agencyDisclosure: ["Acknowledge that you have read the agency disclosure"],
        });
      }
      tx.update(users).set({ agencyDisclosureAt: now }).where(eq(users.id, signer.userId!)).run();
    }
    const client = requestClient();
    tx.update(agreementSigners)
      .set({ consentedAt: now, consentIp: client.ip, consentBrowser: client.browser })
      .where(eq(agreementSigners.id, signer.id))
      .run();
    recordAudit(tx, actor, {
      action: "agreement.consent",
      subject: { type: "agreement", id },
      transactionId: agreement.transactionId,
      changes: { signer: signer.email, browser: client.browser },
      at: now,
    });
  });
}

/**
 * The PDF a person may open: the unsigned one, the sealed one once signed. A signer's first opening is their
 * view in the certificate; every opening is in the audit.
 */
export function agreementFile(db: Db, key: SignerKey, id: number, now = new Date()): { key: string; name: string } {
  return db.transaction((tx) => {
    let agreement: Agreement;
    let signer: AgreementSigner | undefined;
    let actor: Actor | null = null;
    if ("token" in key) {
      ({ agreement, signer } = signerFor(tx, key, id, now));
    } else {
      actor = key.actor;
      agreement = visibleAgreement(tx, key.actor, id).agreement;
      signer = signersOf(tx, id).find((s) => s.userId === key.actor.id);
    }
    if (signer && !signer.viewedAt && !signer.signedAt) {
      tx.update(agreementSigners)
        .set({ viewedAt: now, viewIp: requestClient().ip })
        .where(eq(agreementSigners.id, signer.id))
        .run();
    }
    recordAudit(tx, actor, {
      action: "agreement.view",
      subject: { type: "agreement", id },
      transactionId: agreement.transactionId,
      changes: { by: signer?.email ?? null, signed: agreement.status === "signed" },
      at: now,
    });
    const signed = agreement.status === "signed" && agreement.signedKey;
    return {
      key: signed ? agreement.signedKey! : agreement.unsignedKey,
      name: `${agreement.title}${signed ? " (signed)" : ""}.pdf`,
    };
  });
}

/**
 * A signature: out of turn 409 (checked first), twice 409, before consenting 400 naming the consent; the
 * typed name must be the signer's name and "I agree" ticked. The last one completes the agreement.
 */
export async function signAgreement(
  db: Db,
  paper: AgreementPaper,
  key: SignerKey,
  id: number,
  input: { typedName: string; agree: boolean },
  now = new Date(),
): Promise<{ completed: boolean }> {
  const completed = db.transaction((tx) => {
    const { agreement, signer, actor } = signerFor(tx, key, id, now);
    const signers = signersOf(tx, id);
    const turn = outOfTurn(signers, signer);
    if (turn) throw new ConflictError(turn);
    if (signer.signedAt) throw new ConflictError("You have signed this agreement already");
    assertOpen(agreement, now);
    if (!signer.consentedAt) {
      throw new InvalidInputError("Consent to sign electronically first", {
        consent: ["Consent to sign electronically first"],
      });
    }
    if (!input.agree) throw new InvalidInputError("Tick the box to agree", { agree: ["Tick the box to agree"] });
    if (!typedNameMatches(input.typedName, signer.name)) {
      throw new InvalidInputError(`Type your full name: ${signer.name}`, {
        typedName: [`Type your full name as the agreement names you: ${signer.name}`],
      });
    }
    const client = requestClient();
    tx.update(agreementSigners)
      .set({
        signedAt: now,
        signIp: client.ip,
        signBrowser: client.browser,
        typedName: input.typedName.trim(),
        signedBy: actor?.id ?? null,
        viewedAt: signer.viewedAt ?? now,
        ...("token" in key ? { linkUsedAt: now } : {}),
      })
      .where(eq(agreementSigners.id, signer.id))
      .run();
    recordAudit(tx, actor, {
      action: "agreement.sign",
      subject: { type: "agreement", id },
      transactionId: agreement.transactionId,
      changes: { signer: signer.email, role: signer.role, typedName: input.typedName.trim() },
      at: now,
    });
    const rest = signers.filter((s) => s.id !== signer.id && !s.signedAt);
    if (rest.length > 0 && rest.every((s) => s.role === "agent")) {
      for (const s of rest) mailSignRequest(tx, agreement, s, null, now);
    }
    return rest.length === 0;
  });
  if (completed) await completeAgreement(db, paper, id, now);
  return { completed };
}

/**
 * The last signature is in: the signed copy is made and sealed, kept as a document of the transaction (a
 * listing started on the site opens its selling transaction first), and every party is e-mailed its link.
 */
export async function completeAgreement(db: Db, paper: AgreementPaper, id: number, now = new Date()): Promise<void> {
  const agreement = db.select().from(agreements).where(eq(agreements.id, id)).get();
  if (!agreement || agreement.status !== "sent") return;
  const signers = signersOf(db, id);
  if (signers.some((s) => !s.signedAt)) return;
  const unsigned = await readAll(paper.files, agreement.unsignedKey);
  if (sha256Hex(unsigned) !== agreement.unsignedSha256)
    throw new Error(`The unsigned PDF of agreement ${id} has changed`);
  const sealed = await paper.signedPdf(unsigned, {
    agreementId: id,
    title: agreement.title,
    brokerage: env().site.name,
    unsignedSha256: agreement.unsignedSha256,
    createdAt: agreement.createdAt,
    sentAt: agreement.sentAt,
    completedAt: now,
    signers,
  });
  const stored = await paper.files.put(AGREEMENTS_FOLDER, Readable.from(sealed));
  let transactionId = agreement.transactionId;
  if (transactionId === null && agreement.startedOnline) {
    transactionId = openStartedListing(db, agreement, signers, now).id;
  }
  db.transaction((tx) => {
    const current = tx.select({ status: agreements.status }).from(agreements).where(eq(agreements.id, id)).get();
    if (current?.status !== "sent") return;
    const [documentId] = transactionId
      ? insertDocuments(
          tx,
          { transactionId, uploadedBy: null, role: "admin" },
          [
            {
              key: stored.key,
              name: `${agreement.title} (signed).pdf`,
              contentType: "application/pdf",
              size: stored.size,
              sha256: stored.sha256,
            },
          ],
          now,
        )
      : [];
    tx.update(agreements)
      .set({
        status: "signed",
        transactionId,
        signedKey: stored.key,
        signedSha256: stored.sha256,
        signedDocumentId: documentId ?? null,
        completedAt: now,
      })
      .where(eq(agreements.id, id))
      .run();
    recordAudit(tx, null, {
      action: "agreement.complete",
      subject: { type: "agreement", id },
      transactionId,
      changes: { signedSha256: stored.sha256, unsignedSha256: agreement.unsignedSha256 },
      at: now,
    });
    for (const signer of signers) {
      const token = linkFor(tx, signer, COPY_LINK_DAYS, now);
      mailAgreementEvent(tx, { ...agreement, transactionId }, signer, "signed", { token }, now);
    }
  });
}

/**
 * Agreements whose every signature is in but whose seal was not made (the process stopped in between):
 * sealed now. The server calls it at start (app/infra/startup.server.ts).
 */
export async function completePendingAgreements(db: Db, paper: AgreementPaper, now = new Date()): Promise<number> {
  const pending = db
    .select({ id: agreements.id })
    .from(agreements)
    .where(
      and(
        eq(agreements.status, "sent"),
        sql`NOT EXISTS (SELECT 1 FROM ${agreementSigners} s WHERE s.agreement_id = ${agreements.id} AND s.signed_at IS NULL)`,
      ),
    )
    .all();
  for (const { id } of pending) await completeAgreement(db, paper, id, now);
  return pending.length;
}

/** The selling transaction of a listing started on the site, opened by its countersigner with its milestones. */
function openStartedListing(db: Db, agreement: Agreement, signers: AgreementSigner[], now: Date): Transaction {
  const counter = signers.find((s) => s.role === "agent")!;
  // The countersigner signed in as themselves (an agent, or an admin in the broker's seat): staff.
  const actor = db.select().from(users).where(eq(users.id, counter.signedBy!)).get()!;
  const client = db.select().from(users).where(eq(users.id, agreement.clientId)).get()!;
  const price = Number((agreement.fields.listPrice ?? "").replace(/[^\d]/g, ""));
  const transaction = createTransaction(
    db,
    actor,
    {
      email: client.email,
      firstName: client.firstName ?? undefined,
      lastName: client.lastName ?? undefined,
      type: "selling",
      propertyAddress: agreement.fields.propertyAddress ?? "",
      homeValue: String(price),
      setUpMilestones: true,
    },
    { now },
  );
  if (transaction.assignedAgentId !== agreement.agentId) {
    db.update(transactions)
      .set({ assignedAgentId: agreement.agentId })
      .where(eq(transactions.id, transaction.id))
      .run();
  }
  return { ...transaction, assignedAgentId: agreement.agentId };
}

/** A signer declines with a reason: the agreement ends, and everyone on it is told. */
export function declineAgreement(db: Db, key: SignerKey, id: number, reason: string, now = new Date()): void {
  db.transaction((tx) => {
    const { agreement, signer, actor } = signerFor(tx, key, id, now);
    if (signer.signedAt) throw new ConflictError("You have signed this agreement already");
    assertOpen(agreement, now);
    tx.update(agreements)
      .set({ status: "declined", declineReason: reason, closedAt: now })
      .where(eq(agreements.id, id))
      .run();
    tx.update(agreementSigners).set({ declinedAt: now }).where(eq(agreementSigners.id, signer.id)).run();
    recordAudit(tx, actor, {
      action: "agreement.decline",
      subject: { type: "agreement", id },
      transactionId: agreement.transactionId,
      changes: { signer: signer.email, reason },
      at: now,
    });
    for (const s of signersOf(tx, id)) {
      mailAgreementEvent(tx, agreement, s, "declined", { by: signer.name, reason }, now);
    }
  });
}

/** Staff void an agreement that is not fully signed: it can no longer be signed, and its signers are told. */
export function voidAgreement(db: Db, actor: Actor, id: number, now = new Date()): AgreementView {
  db.transaction((tx) => {
    const { agreement, staff } = visibleAgreement(tx, actor, id);
    if (!staff) throw new NotFoundError(NOT_FOUND);
    if (agreement.status === "signed") throw new ConflictError("A signed agreement cannot be voided");
    if (agreement.status === "voided" || agreement.status === "declined") {
      throw new ConflictError(`This agreement was ${agreement.status} already`);
    }
    tx.update(agreements).set({ status: "voided", closedAt: now }).where(eq(agreements.id, id)).run();
    tx.update(agreementSigners)
      .set({ linkExpiresAt: now })
      .where(and(eq(agreementSigners.agreementId, id), isNull(agreementSigners.linkUsedAt)))
      .run();
    recordAudit(tx, actor, {
      action: "agreement.void",
      subject: { type: "agreement", id },
      transactionId: agreement.transactionId,
      at: now,
    });
    if (agreement.status === "sent") {
      for (const s of signersOf(tx, id)) mailAgreementEvent(tx, agreement, s, "voided", {}, now);
    }
  });
  return getAgreement(db, actor, id, now);
}

/** The signing page's state for the one acting: the agreement, their row, what they must do next. */
export function signingState(db: Db, key: SignerKey, id: number, now = new Date()) {
  const { agreement, signer } = signerFor(db, key, id, now);
  const signers = signersOf(db, id);
  return {
    agreement: viewOf(db, agreement, signers, todayIn(now)),
    signer: { id: signer.id, name: signer.name, email: signer.email, role: signer.role },
    consented: signer.consentedAt !== null,
    signed: signer.signedAt !== null,
    needsDisclosure: needsAgencyDisclosure(db, signer),
    waitingFor: outOfTurn(signers, signer),
  };
}

/**
 * The buyer agreement a buying transaction's client has in force today, or null: "Make an offer" and tour
 * requests need one (409 otherwise, with the link to review and sign it).
 */
export function buyerAgreementInForce(db: DbOrTx, transaction: Pick<Transaction, "id" | "userId">, now = new Date()) {
  const today = todayIn(now);
  return (
    db
      .select()
      .from(agreements)
      .where(
        and(eq(agreements.clientId, transaction.userId), eq(agreements.kind, "buyer"), eq(agreements.status, "signed")),
      )
      .orderBy(desc(agreements.createdAt))
      .all()
      .find((a) => inForce(a, today)) ?? null
  );
}

/**
 * Where a buying client signs the agreement an offer needs (the newest one sent to them, else the portal's
 * Agreements), or null when one is in force or the transaction is a sale.
 */
export function buyerAgreementLink(
  db: DbOrTx,
  transaction: Pick<Transaction, "id" | "userId" | "type">,
  now = new Date(),
): string | null {
  if (transaction.type !== "buying" || buyerAgreementInForce(db, transaction, now)) return null;
  const pending = db
    .select({ id: agreements.id, endsOn: agreements.endsOn })
    .from(agreements)
    .where(
      and(eq(agreements.clientId, transaction.userId), eq(agreements.kind, "buyer"), eq(agreements.status, "sent")),
    )
    .orderBy(desc(agreements.createdAt))
    .get();
  return pending && (!pending.endsOn || pending.endsOn >= todayIn(now))
    ? signingPath(pending.id)
    : "/client-portal#agreements";
}

/** The 409 of a buyer with no agreement in force, with the link to review and sign it. */
export function assertBuyerAgreement(
  db: DbOrTx,
  transaction: Pick<Transaction, "id" | "userId" | "type">,
  now = new Date(),
) {
  const link = buyerAgreementLink(db, transaction, now);
  if (link) {
    throw new ConflictError(
      "Sign your buyer representation agreement first: California requires it before an offer or a tour",
      link,
    );
  }
}

/**
 * The dashboard's listing agreements to act on: not signed yet (a draft, or sent and waiting), or signed and
 * ending within 30 days; soonest end first, at most 20. An agent sees those they countersign.
 */
export function listingAgreementWarnings(db: Db, actor: Actor, now = new Date()) {
  const today = todayIn(now);
  const soon = todayIn(new Date(now.getTime() + 30 * DAY_MS));
  return db
    .select({
      id: agreements.id,
      title: agreements.title,
      status: agreements.status,
      endsOn: agreements.endsOn,
      transactionId: agreements.transactionId,
    })
    .from(agreements)
    .where(
      and(
        eq(agreements.kind, "listing"),
        or(
          and(inArray(agreements.status, ["draft", "sent"]), gte(agreements.endsOn, today)),
          and(eq(agreements.status, "signed"), gte(agreements.endsOn, today), lte(agreements.endsOn, soon)),
        ),
        actor.isAdmin ? undefined : eq(agreements.agentId, actor.id),
      ),
    )
    .orderBy(asc(agreements.endsOn))
    .limit(20)
    .all()
    .map((r) => ({
      ...r,
      warning: r.status === "signed" ? ("ending" as const) : ("unsigned" as const),
      href: r.transactionId ? `/admin/transactions/${r.transactionId}#agreements` : signingPath(r.id),
    }));
}

export const signingPath = (id: number) => `/agreements/${id}/sign`;
export const agreementPdfPath = (id: number) => `/agreements/${id}.pdf`;

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
      consentedAt: s.consentedAt?.toISOString() ?? null,
      signedAt: s.signedAt?.toISOString() ?? null,
    })),
    documentId: a.documentId,
    signedDocumentId: a.signedDocumentId,
    pdf: agreementPdfPath(a.id),
    createdAt: a.createdAt.toISOString(),
  };
}
