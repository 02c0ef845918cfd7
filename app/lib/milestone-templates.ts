/**
 * The standard steps of a California purchase or sale (docs/domain.md):
 * 13 for buying, 14 for selling, with the defaults of the C.A.R. Residential
 * Purchase Agreement (Day 0 = acceptance; all periods are negotiable).
 */
export type MilestoneTemplate = { title: string; description: string };

export const BUYING_MILESTONES: readonly MilestoneTemplate[] = [
  {
    title: "Consultation and buyer-broker agreement",
    description:
      "We review the agency disclosure with you and sign the written buyer-broker agreement California requires before an offer.",
  },
  {
    title: "Mortgage pre-approval",
    description: "Your lender's pre-approval letter (or proof of funds) goes with every offer.",
  },
  {
    title: "Home search and tours",
    description: "We tour homes that fit your needs and budget and review comparable sales.",
  },
  {
    title: "Offer submitted",
    description: "The purchase agreement, with the agency confirmation and the Megan's Law notice, goes to the seller.",
  },
  { title: "Offer accepted", description: "Day 0: the seller accepts. Contract deadlines count from today." },
  {
    title: "Escrow opened and earnest money deposited",
    description: "Escrow opens and your deposit is due within 3 business days.",
  },
  {
    title: "Disclosures reviewed",
    description:
      "The seller delivers the TDS, SPQ, Natural Hazard Disclosure and preliminary title report (about 7 days); you review and sign them.",
  },
  {
    title: "Inspections and repair request",
    description:
      "Home inspection and any specialist inspections within the 17-day investigation contingency, then a request for repairs if needed.",
  },
  { title: "Appraisal", description: "The lender's appraisal, within the appraisal contingency (17 days by default)." },
  { title: "Loan approval", description: "Underwriting reviews your file through to 'clear to close'." },
  {
    title: "Contingencies removed",
    description:
      "You remove your contingencies in writing; your deposit is then at risk if you cancel without a contractual reason.",
  },
  {
    title: "Final walk-through and signing",
    description:
      "Walk-through within 5 days before closing; the Closing Disclosure arrives at least 3 business days before you sign.",
  },
  {
    title: "Funding, recording and keys",
    description: "The lender funds, the deed is recorded with the San Diego County Recorder, and you get the keys.",
  },
];

export const SELLING_MILESTONES: readonly MilestoneTemplate[] = [
  {
    title: "Consultation and pricing",
    description: "We walk through your home and prepare a comparative market analysis to set the price.",
  },
  {
    title: "Listing agreement",
    description: "After the agency disclosure, we sign the listing agreement with our flat fee stated.",
  },
  {
    title: "Seller disclosures prepared",
    description: "TDS, SPQ, Natural Hazard Disclosure report, HOA documents and the preliminary title report.",
  },
  {
    title: "Preparation, photography and marketing",
    description: "Repairs and staging as agreed, professional photography and the marketing plan.",
  },
  { title: "Live on the MLS", description: "Your home is listed on the MLS; showings and open houses begin." },
  {
    title: "Offers reviewed and countered",
    description: "We review every offer with you and negotiate terms and price.",
  },
  { title: "Offer accepted", description: "Day 0: you accept an offer. Contract deadlines count from today." },
  {
    title: "Escrow opened",
    description:
      "Escrow opens, the buyer's deposit is confirmed, and you complete the Statement of Information and the FIRPTA affidavit.",
  },
  {
    title: "Disclosures delivered",
    description: "Your disclosures go to the buyer (about 7 days) and the signed copies come back.",
  },
  {
    title: "Buyer inspections and repair negotiation",
    description: "The buyer inspects; we negotiate any repair requests or credits.",
  },
  { title: "Appraisal and buyer's loan", description: "The buyer's appraisal and loan progress toward approval." },
  { title: "Buyer removes contingencies", description: "The buyer removes contingencies in writing." },
  {
    title: "Grant deed signed and final walk-through",
    description: "You sign the grant deed before a notary; the buyer does the final walk-through.",
  },
  { title: "Closing", description: "Funding and recording, payoff of your loan, proceeds paid out, keys handed over." },
];

export const MILESTONE_TEMPLATES = { buying: BUYING_MILESTONES, selling: SELLING_MILESTONES } as const;

/**
 * The last step an accepted offer completes (the offer accepted, escrow opened; the steps before them are
 * behind a deal that reached an acceptance): "Escrow opened and earnest money deposited" (buying, step 6),
 * "Escrow opened" (selling, step 8).
 */
export const ACCEPTANCE_STEP = {
  buying: BUYING_MILESTONES.findIndex((m) => m.title.startsWith("Escrow opened")) + 1,
  selling: SELLING_MILESTONES.findIndex((m) => m.title.startsWith("Escrow opened")) + 1,
} as const;
