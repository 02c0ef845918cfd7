/**
 * The names of an estimate's inputs, as its forms and addresses carry them (/net-sheet?price=850000&…): the
 * public pages' cache keys on them (app/lib/route-access.ts), and the schema reads them
 * (app/lib/estimate-schema.ts; tests/unit/estimate.test.ts checks the two agree). No code here: the server's
 * middleware imports it.
 */
export const SELLER_INPUT_NAMES = [
  "price",
  "closingDate",
  "loanPayoffs",
  "loansPaidOff",
  "payoffInterestRate",
  "assumedLoan",
  "buyerAgentPay",
  "sellerCredit",
  "ownerPolicy",
  "annualPropertyTax",
  "hoaDocuments",
  "hoaTransferFee",
  "reconveyancePerLoan",
  "notaryCourier",
  "nhdReport",
  "homeWarranty",
  "principalResidence",
  "withholdingOnGain",
] as const;

export const BUYER_INPUT_NAMES = [
  "price",
  "closingDate",
  "downPayment",
  "interestRate",
  "loanCosts",
  "buyerAgentPay",
  "sellerPaysBuyerAgent",
  "sellerCredit",
  "annualPropertyTax",
  "recordingFees",
  "homeownersInsurance",
  "impounds",
  "deposit",
] as const;

/** The API takes up to this many other costs; a form shows OTHER_COST_ROWS of them. */
export const MAX_OTHER_COSTS = 10;

/** `otherCosts[0].label`, `otherCosts[0].amount`, … */
export const OTHER_COST_NAMES = Array.from({ length: MAX_OTHER_COSTS }, (_, i) => [
  `otherCosts[${i}].label`,
  `otherCosts[${i}].amount`,
]).flat();
