/**
 * The texts the law writes for us (docs/agreements.md, "Legal texts"), each kept as versioned data like the E-SIGN
 * disclosure (app/models/legal-text.server.ts): the broker saves a new version when the law changes; an agreement
 * keeps the version it was made with, a signer's acknowledgment the version they read. These are the seeded first
 * versions, each with its source and the day it was read.
 *
 * - The agency disclosure: the form of Civil Code §2079.16, which §2079.14 requires given, and its receipt
 *   acknowledged, before a listing or a buyer agreement is signed (§1670.50(c) repeats it for buyers).
 * - The commission notices of Bus. & Prof. Code §10147.5: (a) for a sale, (b) for a purchase (the buyer's notice,
 *   added in 2024, says "compensation"), in bold immediately before the compensation provision.
 */
import type { LegalTextKind } from "~/domain/enums";

export type SeededLegalText = { body: string; source: string };

/** Where each text comes from, and when it was read (shown on /admin/agreements with each version). */
export const LEGAL_SOURCES: Record<LegalTextKind, string> = {
  agency_disclosure:
    "California Civil Code §2079.16, as amended by Stats. 2018, ch. 907 (operative January 1, 2019): " +
    "https://leginfo.legislature.ca.gov/faces/codes_displaySection.xhtml?lawCode=CIV&sectionNum=2079.16 " +
    "(written 2026-11-28; the form's words are the statute's; check each new version against the official text)",
  commission_notice_listing:
    "California Business and Professions Code §10147.5(a): " +
    "https://leginfo.legislature.ca.gov/faces/codes_displaySection.xhtml?lawCode=BPC&sectionNum=10147.5 " +
    "(read 2026-11-28)",
  commission_notice_buyer:
    "California Business and Professions Code §10147.5(b), added by the 2024 amendment for buyer agreements: " +
    "https://leginfo.legislature.ca.gov/faces/codes_displaySection.xhtml?lawCode=BPC&sectionNum=10147.5 " +
    "(read 2026-11-28)",
};

/** The agreement kind each commission notice belongs in. */
export const NOTICE_KIND = { listing: "commission_notice_listing", buyer: "commission_notice_buyer" } as const;

/** What a person reads as each text's title. */
export const LEGAL_TEXT_TITLES: Record<LegalTextKind, string> = {
  agency_disclosure: "Disclosure Regarding Real Estate Agency Relationship",
  commission_notice_listing: "Commission notice of a listing agreement (B&P §10147.5(a))",
  commission_notice_buyer: "Compensation notice of a buyer agreement (B&P §10147.5(b))",
};

/**
 * The form of Civil Code §2079.16, in the templates' plain format (`# ` headings, paragraphs). The statute prints
 * Sections 2079.13 to 2079.24 with it; the signed copy names where they are read (the official text), and the
 * broker may add them to a new version.
 */
const AGENCY_DISCLOSURE = `# DISCLOSURE REGARDING REAL ESTATE AGENCY RELATIONSHIP

(As required by the Civil Code)

When you enter into a discussion with a real estate agent regarding a real estate transaction, you should from the outset understand what type of agency relationship or representation you wish to have with the agent in the transaction.

# SELLER'S AGENT

A Seller's agent under a listing agreement with the Seller acts as the agent for the Seller only. A Seller's agent or a subagent of that agent has the following affirmative obligations:

To the Seller: A fiduciary duty of utmost care, integrity, honesty, and loyalty in dealings with the Seller.

To the Buyer and the Seller: (a) Diligent exercise of reasonable skill and care in performance of the agent's duties. (b) A duty of honest and fair dealing and good faith. (c) A duty to disclose all facts known to the agent materially affecting the value or desirability of the property that are not known to, or within the diligent attention and observation of, the parties.

An agent is not obligated to reveal to either party any confidential information obtained from the other party that does not involve the affirmative duties set forth above.

# BUYER'S AGENT

A Buyer's agent can, with a Buyer's consent, agree to act as agent for the Buyer only. In these situations, the agent is not the Seller's agent, even if by agreement the agent may receive compensation for services rendered, either in full or in part from the Seller. An agent acting only for a Buyer has the following affirmative obligations:

To the Buyer: A fiduciary duty of utmost care, integrity, honesty, and loyalty in dealings with the Buyer.

To the Buyer and the Seller: (a) Diligent exercise of reasonable skill and care in performance of the agent's duties. (b) A duty of honest and fair dealing and good faith. (c) A duty to disclose all facts known to the agent materially affecting the value or desirability of the property that are not known to, or within the diligent attention and observation of, the parties.

An agent is not obligated to reveal to either party any confidential information obtained from the other party that does not involve the affirmative duties set forth above.

# AGENT REPRESENTING BOTH SELLER AND BUYER

A real estate agent, either acting directly or through one or more salespersons and broker associates, can legally be the agent of both the Seller and the Buyer in a transaction, but only with the knowledge and consent of both the Seller and the Buyer.

In a dual agency situation, the agent has the following affirmative obligations to both the Seller and the Buyer: (a) A fiduciary duty of utmost care, integrity, honesty and loyalty in the dealings with either the Seller or the Buyer. (b) Other duties to the Seller and the Buyer as stated above in their respective sections.

In representing both Seller and Buyer, a dual agent may not, without the express permission of the respective party, disclose to the other party confidential information, including, but not limited to, facts relating to either the Buyer's or Seller's financial position, motivations, bargaining position, or other personal information that may impact price, including the Seller's willingness to accept a price less than the listing price or the Buyer's willingness to pay a price greater than the price offered.

# SELLER AND BUYER RESPONSIBILITIES

Either the purchase agreement or a separate document will contain a confirmation of which agent is representing you and whether that agent is representing you exclusively in the transaction or acting as a dual agent. Please pay attention to that confirmation to make sure it accurately reflects your understanding of your agent's role.

The above duties of the agent in a real estate transaction do not relieve a Seller or Buyer from the responsibility to protect his or her own interests. You should carefully read all agreements to assure that they adequately express your understanding of the transaction. A real estate agent is a person qualified to advise about real estate. If legal or tax advice is desired, consult a competent professional.

If you are a Buyer, you have the duty to exercise reasonable care to protect yourself, including as to those facts about the property which are known to you or within your diligent attention and observation.

Both Sellers and Buyers should strongly consider obtaining tax advice from a competent professional because the federal and state tax consequences of a transaction can be complex and subject to change.

Throughout your real property transaction you may receive more than one disclosure form, depending upon the number of agents assisting in the transaction. The law requires each agent with whom you have more than a casual relationship to present you with this disclosure form. You should read its contents each time it is presented to you, considering the relationship between you and the real estate agent in your specific transaction.

This disclosure form includes the provisions of Sections 2079.13 to 2079.24, inclusive, of the Civil Code set forth on the page following the signature page. Read it carefully.

I/WE ACKNOWLEDGE RECEIPT OF A COPY OF THIS DISCLOSURE AND THE PORTIONS OF THE CIVIL CODE PRINTED ON THE BACK (OR A SEPARATE PAGE).`;

export const SEEDED_LEGAL_TEXTS: Record<LegalTextKind, SeededLegalText> = {
  agency_disclosure: { body: AGENCY_DISCLOSURE, source: LEGAL_SOURCES.agency_disclosure },
  commission_notice_listing: {
    body:
      "Notice: The amount or rate of real estate commissions is not fixed by law. They are set by each broker " +
      "individually and may be negotiable between the seller and broker.",
    source: LEGAL_SOURCES.commission_notice_listing,
  },
  commission_notice_buyer: {
    body:
      "Notice: The amount or rate of real estate compensation is not fixed by law. They are set by each broker " +
      "individually and may be negotiable between the buyer and broker.",
    source: LEGAL_SOURCES.commission_notice_buyer,
  },
};

/** The headings every version of the agency disclosure keeps (the statute's sections), checked when one is saved. */
export const AGENCY_DISCLOSURE_HEADINGS = [
  "SELLER'S AGENT",
  "BUYER'S AGENT",
  "AGENT REPRESENTING BOTH SELLER AND BUYER",
  "SELLER AND BUYER RESPONSIBILITIES",
] as const;

/** What a new version of a legal text lacks, or an empty list. */
export function legalTextErrors(kind: LegalTextKind, body: string): string[] {
  const text = body.trim();
  if (!text) return ["Write the text"];
  if (kind === "agency_disclosure") {
    return AGENCY_DISCLOSURE_HEADINGS.filter((h) => !text.includes(`# ${h}`)).map(
      (h) => `Keep the section "${h}" of Civil Code §2079.16 (as a heading: # ${h})`,
    );
  }
  const errors: string[] = [];
  if (!text.startsWith("Notice:")) errors.push('The notice begins with "Notice:" as the statute writes it');
  if (/\n\s*\n/.test(text)) errors.push("The notice is one paragraph");
  return errors;
}
