/**
 * The brokerage's agreement templates (docs/agreements.md): plain text with `{{field}}` places, `# ` headings
 * and `**…**` bold paragraphs; the fields an agreement fills in; the seeded texts of the flat-fee listing
 * agreement and the buyer representation agreement, with what California asks of them (DOMAIN.md,
 * "Agreements and electronic signatures"); and the rules of their dates. Pure: the PDF is laid out by
 * app/infra/agreement-pdf.server.ts, the rows kept by app/models/agreement.server.ts.
 */
import type { HomeTemplateKind, TemplateKind } from "~/domain/enums";
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
] as const;
export type TemplateField = (typeof TEMPLATE_FIELDS)[number]["name"];
export type TemplateValues = Partial<Record<TemplateField | "startsOn" | "endsOn", string>>;

/** Bus. & Prof. Code §10147.5: in bold, in every compensation agreement for one to four homes. */
export const COMMISSION_NOTICE = {
  listing:
    "Notice: The amount or rate of real estate commissions is not fixed by law. They are set by each broker " +
    "individually and may be negotiable between the seller and broker.",
  buyer:
    "Notice: The amount or rate of real estate commissions is not fixed by law. They are set by each broker " +
    "individually and may be negotiable between the buyer and broker.",
} as const;

/** Civil Code §1670.50: a buyer representation agreement lasts at most three months from the day it is made. */
export const BUYER_AGREEMENT_MAX_MONTHS = 3;

/** The last day a buyer agreement starting on `startsOn` may run to: three months from that day. */
export const buyerAgreementLastDay = (startsOn: string) => addMonthsTo(startsOn, BUYER_AGREEMENT_MAX_MONTHS);

/**
 * The field errors of an agreement's dates: an end date is required, after the start; a buyer's at most three
 * months after the day it is made (`today`: Civil Code §1670.50 counts from then, whatever the start date).
 */
export function agreementDateErrors(
  kind: TemplateKind | "document",
  startsOn: string | undefined,
  endsOn: string | undefined,
  today: string,
): Record<string, string[]> {
  if (kind === "document" || kind === "broker_agent") return {};
  if (!endsOn) return { endsOn: ["Enter the date the agreement ends"] };
  if (startsOn && endsOn < startsOn) return { endsOn: ["The end date is before the start date"] };
  if (kind === "buyer" && endsOn > buyerAgreementLastDay(today)) {
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

/** The fields a template's text names (the prepare form shows these). */
export const fieldsOf = (body: string): TemplateField[] => {
  const known = new Set<string>(TEMPLATE_FIELDS.map((f) => f.name));
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
 * What a template must hold to be saved: the commission notice of its kind in bold, standing immediately before
 * the section that states the compensation (Bus. & Prof. Code §10147.5 puts it before the compensation
 * provision), and the agreement's end date.
 */
export function templateErrors(kind: TemplateKind, body: string): string[] {
  // The broker–agent agreement (10 CCR 2726) is no compensation agreement for a home: it names its agent and has no
  // term (it runs until either party ends it).
  if (kind === "broker_agent") {
    return body.includes("{{agentName}}") ? [] : ["Keep the agent's name: {{agentName}}"];
  }
  const errors: string[] = [];
  const notice = `**${COMMISSION_NOTICE[kind]}**`;
  if (!body.includes(notice)) {
    errors.push(`Keep the notice of Bus. & Prof. Code §10147.5 in bold: ${notice}`);
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
      before.text !== COMMISSION_NOTICE[kind]
    ) {
      errors.push(
        "Put the notice of Bus. & Prof. Code §10147.5 immediately before the section that states the compensation " +
          `(the heading above ${field})`,
      );
    }
  }
  if (!body.includes("{{endsOn}}")) errors.push("Keep the agreement's end date: {{endsOn}}");
  return errors;
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

**${COMMISSION_NOTICE.listing}**

# 2. The flat fee

Seller pays Broker a flat fee of {{flatFee}}, due only when the sale closes. No fee is owed if the Property does not sell during the term. The fee does not change with the sale price.

# 3. Buyer's agent

Seller offers a buyer's broker compensation of {{buyerAgentCompensation}}. Seller may change this offer before an offer is accepted; it is paid from the proceeds at closing.

# 4. What Broker does

Broker lists the Property on the MLS, markets it, arranges showings, presents and negotiates every offer, and supports Seller through escrow to closing.

# 5. Seller's part

Seller gives accurate information about the Property, completes the disclosures the law requires, and lets Broker show the Property at agreed times.

# 6. Ending early

Either party may end this agreement early by written notice if the other does not do what this agreement says. Seller and Broker may also agree in writing to end it at any time.

# 7. Signatures

Seller and Broker agree to sign this agreement electronically. Each signature, its time and the signer's record are in the certificate of completion attached to the signed copy.`,
  },
  buyer: {
    name: "Buyer representation agreement",
    body: `# Buyer Representation and Broker Compensation Agreement

${REVIEW}

Buyer: {{clientNames}}. Broker: {{brokerageName}}, through its broker {{brokerName}} (DRE {{brokerLicense}}) and its agent {{agentName}} (DRE {{agentLicense}}).

# 1. Term

This agreement begins on {{startsOn}} and ends at 11:59 PM on {{endsOn}}, no more than three months after it is made (Civil Code §1670.50). It never renews by itself; a renewal is a new written, dated and signed agreement.

# 2. Services

Broker helps Buyer find and tour homes, explains the market and the disclosures, prepares and negotiates offers, and guides Buyer through escrow to closing.

**${COMMISSION_NOTICE.buyer}**

# 3. Compensation

Buyer's broker compensation is {{buyerBrokerCompensation}}. It is due when Buyer's purchase of a home closes during the term, and is paid by the seller or the seller's broker if they offer it, otherwise by Buyer at closing. This amount is negotiable and is not set by law.

# 4. Agency

Buyer has received the Disclosure Regarding Real Estate Agency Relationships (Civil Code §2079.16) before signing this agreement.

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
