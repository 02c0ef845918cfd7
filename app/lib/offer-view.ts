/**
 * The Offers section's data, as the page's loader gives it (app/sections/offers.server.ts prepares it;
 * app/components/offers-section.tsx, offer-compare.tsx and offer-detail.tsx show it): JSON-safe shapes,
 * dates as ISO strings, money in cents.
 */
import type { Financing, OfferMove, Party, OfferStatus, OfferWish, TransactionType } from "~/domain/enums";
import type { AgencyCosts } from "~/lib/estimate";

export type OfferSortKey =
  "net" | "price" | "financing" | "deposit" | "close" | "contingencies" | "credits" | "agentPay" | "expiry";

export type RoundTerms = {
  id: number;
  number: number;
  by: Party;
  multiple: boolean;
  priceCents: number;
  financing: Financing;
  downPaymentPercent: number;
  depositCents: number;
  closeOfEscrowDays: number;
  contingencies: { investigation: number; appraisal: number; loan: number };
  sellerCreditCents: number;
  buyerAgentPayCents: number;
  /** The pay as a share of the price (2.5), when it was given as one. */
  buyerAgentPayPercent: number | null;
};

export type ListedOffer = {
  id: number;
  status: OfferStatus;
  shared: boolean;
  buyerName: string | null;
  buyerAgent: string | null;
  /** The other side's agent's e-mail (the buyer's agent on a sale, the listing agent on a purchase). */
  agentEmail: string | null;
  listingAddress: string | null;
  rounds: number;
  latest: RoundTerms;
  /** Cents, a sale's estimated net to the seller. */
  net: number | null;
  expiresAt: string | null;
  acceptedOn: string | null;
  backupPosition: number | null;
  wish: { wish: OfferWish; note: string | null } | null;
};

export type OpenedOffer = Omit<ListedOffer, "rounds"> & {
  rounds: Array<RoundTerms & { expiresAt: string | null; note: string | null; createdAt: string }>;
  events: Array<{ id: number; type: string; name: string; role: string; at: string; note: string | null }>;
  documents: Array<{ id: number; name: string }>;
  moves: OfferMove[];
};

export type OffersData = {
  side: TransactionType;
  staff: boolean;
  now: string;
  today: string;
  sort: OfferSortKey;
  dir: "asc" | "desc";
  open: ListedOffer[];
  /** A purchase with an accepted offer: how many of the client's other offers are still open (0 otherwise). */
  stillOpen: number;
  /** The time to answer a new offer or counter gets when none is written (the form's value, San Diego). */
  defaultExpiresAt: string;
  others: ListedOffer[];
  opened: OpenedOffer | null;
  creating: boolean;
  canCreate: boolean;
  listings: Array<{ id: number; address: string; priceCents: number }>;
  chosenListing: number | null;
  documents: Array<{ id: number; name: string }>;
  /** A sale's seller figures, which every net uses (null on a purchase). */
  figures: {
    /** As the form shows them ("520,000", "yes"). */
    values: Record<string, unknown>;
    /** Saved on the transaction, from the newest saved seller estimate, or the defaults. */
    source: "saved" | "estimate" | "none";
    estimateName: string | null;
    /** What the nets are after: "after your $520,000 payoff". */
    basis: string;
    costs: AgencyCosts;
  } | null;
  /** A purchase without the client's buyer agreement in force: where to sign it (offers answer 409 until then). */
  /** What a purchase's offers still need of its buyer agreement (null: one is in force, or a sale). */
  buyerAgreement: { kind: "sign" | "countersign"; link: string } | null;
};

/** A refused form's answer: which form, what was typed, each field's message, or the refusal's sentence. */
export type OfferFormAnswer = {
  intent: string;
  offer: string;
  move?: OfferMove;
  values: Record<string, unknown>;
  errors: Record<string, string[]>;
  refusal?: { status: number; toast: { description: string } | null };
};
