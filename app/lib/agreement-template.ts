/**
 * The brokerage's agreement templates (docs/agreements.md): plain text with `{{field}}` places, `# ` headings
 * and `**…**` bold paragraphs; the fields an agreement fills in; the seeded texts of the flat-fee listing
 * agreement and the buyer representation agreement, with what California asks of them (DOMAIN.md,
 * "Agreements and electronic signatures"); and the rules of their dates. Pure: the PDF is laid out by
 * app/infra/agreement-pdf.server.ts, the rows kept by app/models/agreement-template.server.ts and agreement-prepare.server.ts.
 */
import type { BuyerEntity, HomeTemplateKind, TemplateKind } from "~/domain/enums";
import { NO_MORE_THAN_AGREED } from "~/lib/buyer-compensation";
import { addMonthsTo } from "~/lib/plain-date";

/** A template's fields, in the order the prepare form shows them; the dates are the agreement's own columns. */
export const TEMPLATE_FIELDS = [
  { name: "clientNames", label: "Client names" },
  { name: "propertyAddress", label: "Property" },
  { name: "listPrice", label: "List price" },
  { name: "flatFee", label: "Flat fee" },
  { name: "buyerAgentCompensation", label: "Buyer-agent compensation the seller offers" },
  { name: "buyerBrokerCompensation", label: "Buyer's broker compensation" },
  { name: "agentName", label: "Agent" },
  { name: "agentLicense", label: "Agent's license number" },
  { name: "brokerName", label: "Broker" },
  { name: "brokerLicense", label: "Broker's license number" },
  { name: "brokerageName", label: "Brokerage" },
  { name: "commissionNotice", label: "The notice of Bus. & Prof. Code §10147.5" },
  { name: "termNote", label: "The term's limit" },
  { name: "protectionDays", label: "Protection period (days)" },
] as const;
export type TemplateField = (typeof TEMPLATE_FIELDS)[number]["name"];
export type TemplateValues = Partial<Record<TemplateField | "startsOn" | "endsOn", string>>;

/**
 * The places the prepare step fills from the records and the agreement's terms, never typed on the form: the
 * §10147.5 notice in force (app/lib/legal-texts.ts), the buyer's broker compensation written out from its structure
 * (app/lib/buyer-compensation.ts), the note on the buyer's term, the listing's protection period in days.
 */
export const COMPUTED_FIELDS = ["commissionNotice", "buyerBrokerCompensation", "termNote", "protectionDays"] as const;
export type ComputedField = (typeof COMPUTED_FIELDS)[number];

/** The place of the §10147.5 notice in a template: bold, filled with the version in force when it is prepared. */
export const NOTICE_PLACE = "**{{commissionNotice}}**";

/** A listing's protection period by default (C.A.R.'s RLA and the common practice: 90 days or more). */
export const DEFAULT_PROTECTION_DAYS = 90;

/**
 * Words that make an agreement renew by itself, refused in a template (Civil Code §1670.50(d)(2): a buyer agreement
 * never renews automatically; the brokerage holds its listings to the same).
 */
export const RENEWAL_WORDS = /\b(automatically\s+renew\w*|auto-?\s?renew\w*|renews?\s+unless|successive\s+terms?)\b/gi;

/** The renewal words a text holds, as written ("automatically renew"), or an empty list. */
export const renewalWordsIn = (body: string) => [...new Set([...body.matchAll(RENEWAL_WORDS)].map((m) => m[0]))];

/** Civil Code §1670.50: a buyer representation agreement lasts at most three months from the day it is made. */
export const BUYER_AGREEMENT_MAX_MONTHS = 3;

/** The last day a buyer agreement starting on `startsOn` may run to: three months from that day. */
export const buyerAgreementLastDay = (startsOn: string) => addMonthsTo(startsOn, BUYER_AGREEMENT_MAX_MONTHS);

/**
 * The field errors of an agreement's dates: an end date is required, after the start; a natural person's buyer
 * agreement at most three months after the day it is made (`today`: Civil Code §1670.50 counts from then, whatever
 * the start date); a corporation's, an LLC's or a partnership's is not held to it (§1670.50(d)(1)).
 */
export function agreementDateErrors(
  kind: TemplateKind | "document",
  startsOn: string | undefined,
  endsOn: string | undefined,
  today: string,
  buyerEntity: string = "person",
): Record<string, string[]> {
  if (kind === "document" || kind === "broker_agent") return {};
  if (!endsOn) return { endsOn: ["Enter the date the agreement ends"] };
  if (startsOn && endsOn < startsOn) return { endsOn: ["The end date is before the start date"] };
  if (kind === "buyer" && heldToThreeMonths(buyerEntity) && endsOn > buyerAgreementLastDay(today)) {
    return {
      endsOn: [
        `A buyer representation agreement lasts at most ${BUYER_AGREEMENT_MAX_MONTHS} months from the day it is made ` +
          `(Civil Code §1670.50): end it on or before ${buyerAgreementLastDay(today)}`,
      ],
    };
  }
  return {};
}

export type TemplateBlock = { kind: "heading" | "paragraph" | "bold"; text: string };

/** The template's text with the values in place (an empty field stays a blank line to fill by hand: "________"). */
export function fillTemplate(body: string, values: TemplateValues): string {
  return body.replace(/\{\{(\w+)\}\}/g, (_all, name: string) => {
    const value = values[name as TemplateField]?.trim();
    return value ? value : "________";
  });
}

/** The filled text as blocks: `# ` lines are headings, `**…**` paragraphs bold, blank lines part paragraphs. */
export function templateBlocks(filled: string): TemplateBlock[] {
  return filled
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part): TemplateBlock => {
      if (part.startsWith("# ")) return { kind: "heading", text: part.slice(2).trim() };
      const bold = part.match(/^\*\*([\s\S]+)\*\*$/);
      if (bold) return { kind: "bold", text: bold[1]!.replace(/\s*\n\s*/g, " ") };
      return { kind: "paragraph", text: part.replace(/\s*\n\s*/g, " ") };
    });
}

/** The fields a template's text names that staff type (the prepare form shows these; not the computed ones). */
export const fieldsOf = (body: string): TemplateField[] => {
  const known = new Set<string>(
    TEMPLATE_FIELDS.map((f) => f.name).filter((n) => !(COMPUTED_FIELDS as readonly string[]).includes(n)),
  );
  return [...new Set([...body.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!))].filter((n): n is TemplateField =>
    known.has(n),
  );
};

/** The field that states the broker's compensation in each kind: its section is the compensation provision. */
export const COMPENSATION_FIELD: Record<HomeTemplateKind, TemplateField> = {
  listing: "flatFee",
  buyer: "buyerBrokerCompensation",
};

/**
 * What a template must hold to be saved: the place of the §10147.5 notice in bold (`**{{commissionNotice}}**`,
 * filled with the version in force), standing immediately before the section that states the compensation (the
 * statute puts the notice before the compensation provision); the agreement's end date; a listing's protection
 * period; a buyer agreement's statement that the broker takes nothing above the amount agreed; and no words that
 * renew it by itself (Civil Code §1670.50(d)(2)).
 */
export function templateErrors(kind: TemplateKind, body: string): string[] {
  const renewal = renewalWordsIn(body);
  const renewalError = renewal.length
    ? [
        `An agreement never renews by itself (Civil Code §1670.50(d)(2)): take out ${renewal.map((w) => `"${w}"`).join(", ")}`,
      ]
    : [];
  // The broker–agent agreement (10 CCR 2726) is no compensation agreement for a home: it names its agent and has no
  // term (it runs until either party ends it).
  if (kind === "broker_agent") {
    return [...(body.includes("{{agentName}}") ? [] : ["Keep the agent's name: {{agentName}}"]), ...renewalError];
  }
  const errors: string[] = [];
  if (!body.includes(NOTICE_PLACE)) {
    errors.push(`Keep the notice of Bus. & Prof. Code §10147.5 in bold, as its place: ${NOTICE_PLACE}`);
  } else {
    const blocks = templateBlocks(body);
    const field = `{{${COMPENSATION_FIELD[kind]}}}`;
    const at = blocks.findIndex((b) => b.text.includes(field));
    // The compensation section starts at the last heading before the compensation field.
    let heading = at;
    while (heading > 0 && blocks[heading]!.kind !== "heading") heading--;
    const before = blocks[heading - 1];
    if (at < 0) {
      errors.push(`Keep the compensation: ${field}`);
    } else if (
      blocks[heading]?.kind !== "heading" ||
      before?.kind !== "bold" ||
      before.text !== "{{commissionNotice}}"
    ) {
      errors.push(
        "Put the notice of Bus. & Prof. Code §10147.5 immediately before the section that states the compensation " +
          `(the heading above ${field})`,
      );
    }
  }
  if (!body.includes("{{endsOn}}")) errors.push("Keep the agreement's end date: {{endsOn}}");
  if (kind === "listing" && !body.includes("{{protectionDays}}"))
    errors.push("Keep the protection period after the term: {{protectionDays}}");
  if (kind === "buyer" && !body.includes(NO_MORE_THAN_AGREED))
    errors.push(`Keep the statement that the broker takes nothing above the amount agreed: "${NO_MORE_THAN_AGREED}"`);
  return [...errors, ...renewalError];
}

/** The fields a filled template would leave blank (printed "________"): each must be filled before it is sent. */
export function blankFields(body: string, values: TemplateValues): string[] {
  return [...new Set([...body.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!))].filter(
    (name) => !values[name as TemplateField]?.trim(),
  );
}

/** A field's label on the prepare form ("Buyer's broker compensation"), or its name. */
export const fieldLabel = (name: string) =>
  name === "endsOn"
    ? "End date"
    : name === "startsOn"
      ? "Start date"
      : (TEMPLATE_FIELDS.find((f) => f.name === name)?.label ?? name);

const REVIEW =
  "This is the brokerage's own plain-English agreement, not a form of the California Association of " +
  "REALTORS®. The broker's counsel reviews this text before it is used.";

/** The seeded templates (version 1 of each kind; admins edit them at /admin/agreements). */
export const SEEDED_TEMPLATES: Record<TemplateKind, { name: string; body: string }> = {
  listing: {
    name: "Flat-fee exclusive listing agreement",
    body: `# Flat-Fee Exclusive Listing Agreement

${REVIEW}

Seller: {{clientNames}}. Broker: {{brokerageName}}, through its broker {{brokerName}} (DRE {{brokerLicense}}) and its agent {{agentName}} (DRE {{agentLicense}}).

Property: {{propertyAddress}}. List price: {{listPrice}}.

# 1. Term

This exclusive right to sell begins on {{startsOn}} and ends at 11:59 PM on {{endsOn}}. It does not renew by itself; a new term needs a new written agreement.

${NOTICE_PLACE}

# 2. The flat fee

Seller pays Broker a flat fee of {{flatFee}}. The fee is earned when, during the term, Seller enters into a contract to sell the Property, whoever finds the buyer, and it is paid from Seller's proceeds at the close of escrow. If escrow does not close, no fee is owed, unless the sale fails because Seller refuses to complete it. The fee does not change with the sale price.

# 3. Protection period

If, within {{protectionDays}} days after the term ends, Seller enters into a contract to sell the Property to a buyer who saw the Property or was shown it during the term, and whose name is on a written list Broker gives Seller within three days after the term ends, the fee is earned as if the contract had been made during the term. This does not apply while the Property is listed under an exclusive agreement with another broker.

# 4. Buyer's agent

Seller offers a buyer's broker compensation of {{buyerAgentCompensation}}. Seller may change this offer before an offer is accepted; it is paid from the proceeds at closing.

# 5. What Broker does

Broker lists the Property on the MLS, markets it, arranges showings, presents and negotiates every offer, and supports Seller through escrow to closing.

# 6. Seller's part

Seller gives accurate information about the Property, completes the disclosures the law requires, and lets Broker show the Property at agreed times.

# 7. Agency

Before signing this agreement, Seller received and acknowledged the Disclosure Regarding Real Estate Agency Relationship (Civil Code §2079.16).

# 8. Ending early

Either party may end this agreement early by written notice if the other does not do what this agreement says. Seller and Broker may also agree in writing to end it at any time.

# 9. Signatures

Seller and Broker agree to sign this agreement electronically. Each signature, its time and the signer's record are in the certificate of completion attached to the signed copy.`,
  },
  buyer: {
    name: "Buyer representation agreement",
    body: `# Buyer Representation and Broker Compensation Agreement

${REVIEW}

Buyer: {{clientNames}}. Broker: {{brokerageName}}, through its broker {{brokerName}} (DRE {{brokerLicense}}) and its agent {{agentName}} (DRE {{agentLicense}}).

# 1. Term

This agreement begins on {{startsOn}} and ends at 11:59 PM on {{endsOn}}. {{termNote}} It never renews by itself; a renewal is a new written, dated and signed agreement.

# 2. Services

Broker helps Buyer find and tour homes, explains the market and the disclosures, prepares and negotiates offers, and guides Buyer through escrow to closing.

${NOTICE_PLACE}

# 3. Compensation

Buyer's broker compensation is {{buyerBrokerCompensation}}. It is earned when, during the term, Buyer enters into a contract to buy a home, and it is paid at the close of escrow: by the seller or the seller's broker if they offer it, otherwise by Buyer. If escrow does not close, no compensation is owed. ${NO_MORE_THAN_AGREED} This amount or rate is negotiable and is not set by law.

# 4. Agency

Before signing this agreement, Buyer received and acknowledged the Disclosure Regarding Real Estate Agency Relationship (Civil Code §2079.16).

# 5. How it ends

This agreement ends on its end date, when Buyer's purchase closes, or earlier by written agreement of Buyer and Broker. Either party may end it by written notice if the other does not do what it says.

# 6. Signatures

Buyer and Broker agree to sign this agreement electronically. Each signature, its time and the signer's record are in the certificate of completion attached to the signed copy.`,
  },
  broker_agent: {
    name: "Broker–agent independent contractor agreement",
    body: `# Broker–Agent Agreement

${REVIEW}

Broker: {{brokerageName}}, through its designated broker {{brokerName}} (DRE {{brokerLicense}}). Agent: {{agentName}} (DRE {{agentLicense}}).

# 1. Term

This agreement begins on {{startsOn}} and continues until either party ends it by written notice. The Broker tells the Department of Real Estate of the Agent's employment within 5 days of its start and within 10 days of its end (10 CCR 2752).

# 2. Supervision

The Agent acts only under the Broker's license and supervision (Bus. & Prof. Code §10177(h); 10 CCR 2725). The Broker reviews the documents of every transaction the Agent handles; the Agent submits each file's documents for review promptly and follows the Broker's written policies.

# 3. Duties

The Agent keeps a current real estate license, completes the continuing education the law requires, works diligently for the Broker's clients, gives every trust fund received to the Broker at once, and keeps each client's information confidential.

# 4. Compensation

The Agent is paid only by the Broker (Bus. & Prof. Code §10137), from commissions the Broker receives, by the commission plan the Broker has set for the Agent in writing; escrow pays by the Broker's commission disbursement authorization. The Agent is an independent contractor for tax purposes and receives a Form 1099 each year.

# 5. Records

All listings, agreements and transaction files belong to the Broker, who keeps them at least three years (Bus. & Prof. Code §10148).

# 6. Signatures

The Agent and the Broker sign this agreement electronically. Each signature, its time and the signer's record are in the certificate of completion attached to the signed copy.`,
  },
};

/** What an entity buyer is called in the agreement. */
export const BUYER_ENTITY_WORDS: Record<BuyerEntity, string> = {
  person: "a natural person",
  corporation: "a corporation",
  llc: "a limited liability company",
  partnership: "a partnership",
  trust: "a trust",
};

/**
 * The buyers Civil Code §1670.50(d)(1) exempts from the three-month limit: a corporation, a limited liability company,
 * a partnership. A trust is not named there: it is held to the limit like a person (docs/agreements.md).
 */
export const EXEMPT_BUYER_ENTITIES: readonly BuyerEntity[] = ["corporation", "llc", "partnership"];
export const heldToThreeMonths = (entity: string) => !(EXEMPT_BUYER_ENTITIES as readonly string[]).includes(entity);

/** The buyer agreement's note on its term: the three-month limit, or why an exempt entity is not held to it. */
export const termNoteFor = (entity: BuyerEntity) =>
  heldToThreeMonths(entity)
    ? "It lasts no more than three months from the day it is made (Civil Code §1670.50)."
    : `Buyer is ${BUYER_ENTITY_WORDS[entity]}: the three-month limit of Civil Code §1670.50 does not apply to it.`;
