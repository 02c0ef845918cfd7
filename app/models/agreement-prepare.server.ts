/**
 * Preparing an agreement (staff: from a template or a PDF of the transaction; a seller's listing started on
 * the site), its signers in order, and sending it with each signer's link.
 */
import { Readable } from "node:stream";
import { and, eq, isNull } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import {
  agreements,
  agreementSigners,
  agreementTemplates,
  documents,
  users,
  type Agreement,
  type AgreementSigner,
  type Transaction,
  type User,
} from "~/db/schema";
import { env } from "~/config/env.server";
import type { AgreementKind, BuyerEntity, SignerRole } from "~/domain/enums";
import { agreementStatus, isLegalName, SIGNING_LINK_DAYS } from "~/lib/agreement-rules";
import type { PrepareAgreementInput } from "~/lib/agreement-schema";
import {
  agreementDateErrors,
  blankFields,
  DEFAULT_PROTECTION_DAYS,
  fieldLabel,
  fillTemplate,
  templateBlocks,
  termNoteFor,
  type TemplateValues,
} from "~/lib/agreement-template";
import { compensationText, type StructuredCompensation } from "~/lib/buyer-compensation";
import { NOTICE_KIND } from "~/lib/legal-texts";
import { currentLegalText } from "~/models/legal-text.server";
import { agreementDefaults } from "~/models/agreement-defaults.server";
import { ConflictError, InvalidInputError, NotFoundError } from "~/lib/errors";
import { fullName } from "~/lib/format";
import { TOKEN_BYTES } from "~/lib/token-format";
import { formatMoney } from "~/lib/money";
import { tierFor } from "~/lib/pricing";
import { todayIn } from "~/lib/plain-date";
import { DAY_MS } from "~/lib/time";
import { type Actor } from "~/models/actor.server";
import { mailSignRequest } from "~/models/agreement-mail.server";
import { recordAudit } from "~/models/audit-log.server";
import { newToken, sha256Hex } from "~/models/secret-token.server";
import {
  NOT_FOUND,
  AGREEMENTS_FOLDER,
  assertOpen,
  signersOf,
  visibleAgreement,
  readAll,
  type AgreementPaper,
} from "~/models/agreement-access.server";
import { getAgreement, type AgreementView } from "~/models/agreement-view.server";
import { getTransactionAsStaff } from "~/models/permissions.server";

/** The broker's seat before an admin takes it: how the signers' list names it. */
export const brokerSeatName = () => `${env().site.name}, broker`;

/**
 * The signer who countersigns: the transaction's agent; else the broker's seat, which any admin signs for the
 * brokerage in their own name (`named`: the admin who will, by their own e-mail; else whoever signs it).
 */
export function countersigner(db: DbOrTx, agentId: string | null, named?: { email: string }): NewSigner {
  const agent = agentId ? db.select().from(users).where(eq(users.id, agentId)).get() : undefined;
  if (agent && !agent.deactivatedAt) {
    if (named && named.email !== agent.email) {
      throw new InvalidInputError("The agent who signs is the transaction's agent", {
        signers: [`The agent signs as ${agent.email}`],
      });
    }
    return { name: fullName(agent), email: agent.email, role: "agent", userId: agent.id, forBroker: false };
  }
  if (named) {
    const admin = db.select().from(users).where(eq(users.email, named.email)).get();
    if (!admin?.isAdmin || admin.deactivatedAt) {
      const message = `${named.email} is not an admin: the broker's seat is signed by an admin in their own name`;
      throw new InvalidInputError(message, { signers: [message] });
    }
    return { name: fullName(admin), email: admin.email, role: "agent", userId: admin.id, forBroker: true };
  }
  return { name: brokerSeatName(), email: env().site.email, role: "agent", userId: null, forBroker: true };
}

type Person = Pick<User, "firstName" | "lastName" | "email" | "licenseNumber">;

/**
 * What a template's fields are prefilled with from the records: the client, the property, its value and the
 * flat fee of its tier, the agent (or the broker), the brokerage. One rule for a transaction's agreement and a
 * listing started on the site.
 */
export function agreementFields(input: {
  client: Person | undefined;
  agent: Person | undefined;
  propertyAddress: string | null;
  valueCents: number | null;
}): Record<string, string> {
  const { site } = env();
  const value = input.valueCents;
  return {
    clientNames: input.client ? fullName(input.client) : "",
    propertyAddress: input.propertyAddress ?? "",
    listPrice: value ? formatMoney(value) : "",
    flatFee: value ? formatMoney(tierFor(value).feeCents) : "",
    buyerAgentCompensation: "",
    buyerBrokerCompensation: "",
    agentName: input.agent ? fullName(input.agent) || input.agent.email : site.broker,
    agentLicense: input.agent?.licenseNumber ?? site.brokerLicense,
    brokerName: site.broker,
    brokerLicense: site.brokerLicense,
    brokerageName: site.name,
  };
}

/** A transaction's prefilled fields (its client, property, value, agent). */
export function prefilledFields(
  db: DbOrTx,
  transaction: Pick<Transaction, "userId" | "propertyAddress" | "homeValueCents" | "assignedAgentId">,
): Record<string, string> {
  const byId = (id: string | null) => (id ? db.select().from(users).where(eq(users.id, id)).get() : undefined);
  return agreementFields({
    client: byId(transaction.userId),
    agent: byId(transaction.assignedAgentId),
    propertyAddress: transaction.propertyAddress,
    valueCents: transaction.homeValueCents,
  });
}

/** What prepare takes: the schema's output, its typed fields and signers optional (the models' callers). */
export type PrepareInput = Omit<PrepareAgreementInput, "fields" | "signers"> &
  Partial<Pick<PrepareAgreementInput, "fields" | "signers">>;

export type AgreementTerms = {
  fields: Record<string, string>;
  columns: Partial<Pick<Agreement, "compensation" | "buyerEntity" | "protectionDays">>;
};

/**
 * What an agreement's text takes from its terms, never typed on the form: the §10147.5 notice in force for its
 * kind (app/models/legal-text.server.ts), a buyer's compensation written out in words and figures from its
 * structure (else the broker's usual one, /admin/settings) and the note on its term, a listing's protection period
 * (90 days by default). One rule for an agreement prepared by staff and a listing started on the site.
 */
export function agreementTerms(
  db: DbOrTx,
  kind: "listing" | "buyer" | "broker_agent",
  input: { compensation?: StructuredCompensation; buyerEntity?: BuyerEntity; protectionDays?: number },
): AgreementTerms {
  if (kind === "broker_agent") return { fields: {}, columns: {} };
  const notice = currentLegalText(db, NOTICE_KIND[kind]).body;
  if (kind === "listing") {
    const days = input.protectionDays ?? DEFAULT_PROTECTION_DAYS;
    return { fields: { commissionNotice: notice, protectionDays: String(days) }, columns: { protectionDays: days } };
  }
  const compensation = input.compensation ?? agreementDefaults(db).buyerCompensation ?? undefined;
  const entity = input.buyerEntity ?? "person";
  return {
    fields: {
      commissionNotice: notice,
      termNote: termNoteFor(entity),
      buyerBrokerCompensation: compensation ? compensationText(compensation) : "",
    },
    columns: { compensation: compensation ?? null, buyerEntity: entity },
  };
}

/** 400 naming each field a filled template would leave blank: nothing goes out for signature with a blank line. */
export function assertNoBlanks(body: string, values: TemplateValues) {
  const blanks = blankFields(body, values);
  if (!blanks.length) return;
  throw new InvalidInputError(`Fill in before it is sent: ${blanks.map(fieldLabel).join(", ")}`, {
    ...Object.fromEntries(
      blanks.map((name) => [name === "endsOn" ? name : `fields.${name}`, [`Fill in ${fieldLabel(name)}`]]),
    ),
  });
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
  given: PrepareInput,
  now = new Date(),
): Promise<AgreementView> {
  let input: PrepareAgreementInput = { ...given, fields: given.fields ?? {}, signers: given.signers ?? [] };
  const transaction = getTransactionAsStaff(db, actor, transactionId);
  const client = db.select().from(users).where(eq(users.id, transaction.userId)).get()!;
  const signers = signersFor(db, input.signers, client, transaction.assignedAgentId);
  const today = todayIn(now);
  let source: { kind: AgreementKind; title: string; templateId: number | null; documentId: number | null; pdf: Buffer };
  let extra: AgreementTerms["columns"] = {};
  if (input.templateId !== undefined) {
    const template = db.select().from(agreementTemplates).where(eq(agreementTemplates.id, input.templateId)).get();
    if (!template) throw new InvalidInputError("Choose a template", { templateId: ["No such template"] });
    const fits = template.kind === "listing" ? transaction.type === "selling" : transaction.type === "buying";
    if (!fits) {
      const message = `A ${template.kind === "listing" ? "listing agreement is for a sale" : "buyer agreement is for a purchase"}`;
      throw new InvalidInputError(message, { templateId: [message] });
    }
    const startsOn = input.startsOn ?? today;
    const entity = template.kind === "buyer" ? (input.buyerEntity ?? "person") : null;
    const errors = agreementDateErrors(template.kind, startsOn, input.endsOn, today, entity ?? "person");
    if (Object.keys(errors).length) throw new InvalidInputError(Object.values(errors)[0]![0]!, errors);
    // The transaction's own values, under whatever the preparer typed; then what is computed, never typed.
    const typed = Object.fromEntries(Object.entries(input.fields).filter(([, v]) => v !== ""));
    const terms = agreementTerms(db, template.kind, { ...input, buyerEntity: entity ?? undefined });
    input = { ...input, startsOn, fields: { ...prefilledFields(db, transaction), ...typed, ...terms.fields } };
    extra = terms.columns;
    const values = { ...input.fields, startsOn, endsOn: input.endsOn };
    assertNoBlanks(template.body, values);
    // A listing is named by its home; a buyer agreement by its buyers (a purchase may not have a home yet).
    const title = `${template.name}: ${
      (template.kind === "listing" ? input.fields.propertyAddress : input.fields.clientNames) ||
      input.fields.clientNames ||
      "agreement"
    }`;
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
          eq(documents.adminOnly, false),
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
    const unsealable = await paper.sealableError(pdf);
    if (unsealable) throw new InvalidInputError(unsealable, { documentId: [unsealable] });
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
        ...extra,
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

export type NewSigner = { name: string; email: string; role: SignerRole; userId: string | null; forBroker: boolean };

/**
 * The signers in their order: the client (their account; named as the account names them, never by their e-mail
 * address: a legal name of their own is asked when they sign), co-signers (each by their full legal name), then
 * the countersigner.
 */
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
  const agentGiven = given.find((s) => s.role === "agent");
  const counter = countersigner(db, agentId, agentGiven);
  const cosigners = given.filter((s) => s.role === "cosigner");
  if (cosigners.some((s) => s.email === client.email || s.email === counter.email)) {
    throw new InvalidInputError("A co-signer has an e-mail address of their own", {
      cosignerEmail: ["A co-signer has an e-mail address of their own"],
    });
  }
  if (cosigners.some((s) => !isLegalName(s.name))) {
    throw new InvalidInputError("Give the co-signer's full legal name", {
      cosignerName: ["Give the co-signer's full legal name: their given name and family name"],
    });
  }
  return [
    {
      name: clientGiven?.name ?? fullName(client),
      email: client.email,
      role: "client",
      userId: client.id,
      forBroker: false,
    },
    ...cosigners.map((s) => ({
      name: s.name,
      email: s.email,
      role: "cosigner" as const,
      userId: null,
      forBroker: false,
    })),
    counter,
  ];
}

export function insertSigners(tx: DbOrTx, agreementId: number, signers: NewSigner[]) {
  signers.forEach((s, position) =>
    tx
      .insert(agreementSigners)
      .values({
        agreementId,
        position,
        role: s.role,
        name: s.name,
        email: s.email,
        userId: s.userId,
        forBroker: s.forBroker,
      })
      .run(),
  );
}

/** A new agreement's rows for a listing started on the site (app/models/listing-start.server.ts), sent at once. */
export function insertStartedListing(
  tx: DbOrTx,
  values: {
    client: { id: string; email: string; firstName: string | null; lastName: string | null; sellerName: string };
    agentId: string | null;
    templateId: number;
    title: string;
    fields: Record<string, string>;
    startsOn: string;
    endsOn: string;
    stored: { key: string; sha256: string };
    /** The other sellers on title: co-signers, each e-mailed a link of their own at once. */
    coSellers: Array<{ name: string; email: string }>;
    protectionDays: number | null;
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
      protectionDays: values.protectionDays,
      status: "sent",
      createdBy: values.client.id,
      createdAt: now,
      sentAt: now,
    })
    .returning({ id: agreements.id })
    .get();
  const seller = { name: values.client.sellerName, email: values.client.email, role: "client" as const };
  const others = values.coSellers.map((s) => ({ ...s, role: "cosigner" as const }));
  insertSigners(tx, row.id, signersFor(tx, [seller, ...others], values.client, values.agentId));
  // Sent at once: each other seller is e-mailed their own single-use link (the first seller signs on the site).
  const agreement = tx.select().from(agreements).where(eq(agreements.id, row.id)).get()!;
  for (const signer of signersOf(tx, row.id).filter((s) => s.role === "cosigner")) {
    mailSignRequest(tx, agreement, signer, linkFor(tx, signer, SIGNING_LINK_DAYS, now), now);
  }
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
  db.transaction((tx) => markSent(tx, actor, id, now));
  return getAgreement(db, actor, id, now);
}

/**
 * Sending, inside the caller's database transaction: the draft checked (no blank, not past its end), marked sent,
 * each signer asked by e-mail, audited. A step that prepares and sends at once (the broker–agent agreement) calls
 * it in the same transaction, so that a failed send leaves no draft behind.
 */
export function markSent(tx: DbOrTx, actor: Actor, id: number, now: Date): void {
  const { agreement, staff } = visibleAgreement(tx, actor, id);
  if (!staff) throw new NotFoundError(NOT_FOUND);
  if (agreement.status !== "draft") throw new ConflictError("This agreement has been sent already");
  if (agreementStatus(agreement, todayIn(now)) === "expired")
    throw new ConflictError("This agreement's end date has passed");
  if (agreement.templateId !== null) {
    const template = tx.select().from(agreementTemplates).where(eq(agreementTemplates.id, agreement.templateId)).get();
    if (template) {
      assertNoBlanks(template.body, {
        ...agreement.fields,
        startsOn: agreement.startsOn ?? undefined,
        endsOn: agreement.endsOn ?? undefined,
      });
    }
  }
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
}

/** A co-signer's link token (made and stored as its hash); null for a signer with an account. */
export function linkFor(tx: DbOrTx, signer: AgreementSigner, days: number, now: Date): string | null {
  if (signer.role !== "cosigner") return null;
  const token = newToken(TOKEN_BYTES.signing);
  tx.update(agreementSigners)
    .set({ linkHash: sha256Hex(token), linkExpiresAt: new Date(now.getTime() + days * DAY_MS), linkUsedAt: null })
    .where(eq(agreementSigners.id, signer.id))
    .run();
  return token;
}

/**
 * Staff send a co-signer whose link expired (or was lost) a fresh one: the old link dies, nothing anyone signed
 * changes. 409 for a co-signer who signed already or an agreement no longer waiting.
 */
export function resendSigningLink(db: Db, actor: Actor, id: number, signerId: number, now = new Date()): AgreementView {
  db.transaction((tx) => {
    const { agreement, staff } = visibleAgreement(tx, actor, id);
    if (!staff) throw new NotFoundError(NOT_FOUND);
    assertOpen(agreement, now);
    const signer = signersOf(tx, id).find((s) => s.id === signerId && s.role === "cosigner");
    if (!signer) throw new NotFoundError("No such co-signer on this agreement");
    if (signer.signedAt) throw new ConflictError(`${signer.name} has signed already`);
    mailSignRequest(tx, agreement, signer, linkFor(tx, signer, SIGNING_LINK_DAYS, now), now);
    recordAudit(tx, actor, {
      action: "agreement.resend",
      subject: { type: "agreement", id },
      transactionId: agreement.transactionId,
      changes: { signer: signer.email },
      at: now,
    });
  });
  return getAgreement(db, actor, id, now);
}
