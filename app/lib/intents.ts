/**
 * The intents of each page's action: the value of the submit button (`name="intent"`) that says which of
 * the page's forms was sent. The forms and the actions' `switch` share these constants; an intent that is
 * not the page's gets 400 (app/infra/page-action.server.ts).
 */

/**
 * The sections of the two transaction pages (the client portal and the admin's workspace), each with its
 * own action module (app/sections/*.server.ts) shared by both pages.
 */

/**
 * A transaction's documents. The upload form sends its intent in a hidden field ahead of its files; a
 * page's action takes any multipart request as an upload.
 */
export const documentIntents = { upload: "upload", remove: "remove-document", restore: "restore-document" } as const;

/** A transaction's conversation (Hide: admins only). */
export const messageIntents = { send: "send-message", hide: "hide-message" } as const;

/** Initialize Milestones (an admin, on either page) and Update Milestone (the workspace). */
export const milestoneIntents = { initialize: "initialize", update: "update-milestone" } as const;

/** The contract's dates and its deadlines' Mark done, Waive and Reopen (the workspace). */
export const contractIntents = { save: "save-contract", deadlineStatus: "deadline-status" } as const;

/** The transaction's address, value and status (the workspace). */
export const transactionIntents = { edit: "edit-transaction", clientName: "client-name" } as const;

/** A transaction's saved estimates: save (a new one or changes) and delete. */
export const estimateIntents = { save: "save-estimate", delete: "delete-estimate" } as const;

/** The client's saved homes (the portal). */
export const savedHomeIntents = { add: "add", parse: "parse", favorite: "favorite", delete: "delete" } as const;

/** The signed-in person's own settings: milestone e-mails (the portal) and their calendar feed's address. */
export const accountIntents = { notices: "notices", resetCalendar: "reset-calendar", name: "account-name" } as const;

export const dashboardIntents = { setupTestData: "setup-test-data" } as const;

/** /admin/holidays: the holidays the deadlines count with, and the staff calendar feed. */
export const holidayIntents = {
  addHoliday: "add-holiday",
  removeHoliday: "remove-holiday",
  resetCalendar: accountIntents.resetCalendar,
} as const;

export const leadIntents = {
  pause: "pause",
  resume: "resume",
  note: "note",
  call: "log-call",
  email: "email-lead",
  assign: "assign",
} as const;

/** The workspace overview's Team section: the transaction's agent and collaborators (admins). */
export const assignmentIntents = { assign: "assign" } as const;

/** The Money tab's "Commission" (admins): the referral and the escrow officer's e-mail. */
export const commissionIntents = { terms: "commission-terms", approveCda: "cda-approve" } as const;

/** The lists' bulk assignment (the dashboard's transactions, the leads). */
export const bulkIntents = { assign: "assign-many" } as const;

/** /admin/team: add a staff member; change one (role, license, phone, taking leads, active). */
export const teamIntents = {
  add: "add-staff",
  update: "update-staff",
  sendAgreement: "send-agreement",
  duties: "broker-duties",
} as const;

export const campaignListIntents = { create: "create", forNewLeads: "for-new-leads" } as const;

export const campaignIntents = {
  updateCampaign: "update-campaign",
  addEmail: "add-email",
  updateEmail: "update-email",
  moveEmail: "move-email",
  removeEmail: "remove-email",
} as const;

/** The blog editor: a new post is saved or previewed; an existing one may also be deleted. */
export const newPostIntents = { save: "save", preview: "preview" } as const;
export const blogPostIntents = { ...newPostIntents, delete: "delete" } as const;

export const emailIntents = { retry: "retry" } as const;

/** A transaction's offers: record or request a new one, and any move of one (its `type`: counter, accept, …). */
export const offerIntents = { create: "create-offer", move: "offer-event", figures: "save-seller-figures" } as const;

/** Whether a page's action data answers one of the Offers section's forms. */
export const isOfferAnswer = <T extends { intent?: unknown }>(
  answer: T | undefined,
): answer is Extract<T, { intent: (typeof offerIntents)[keyof typeof offerIntents] }> =>
  answer !== undefined && Object.values(offerIntents).includes(answer.intent as never);

/** An agreement's signing page (/agreements/{id}/sign, a co-signer's /sign/{token}). */
export const signingIntents = {
  consent: "consent",
  agency: "agency-disclosure",
  withdraw: "withdraw-consent",
  sign: "sign",
  decline: "decline",
} as const;

/** A transaction's agreements in the workspace: prepare, send, void, a co-signer's new link, the seal's retry. */
export const agreementIntents = {
  prepare: "prepare-agreement",
  send: "send-agreement",
  void: "void-agreement",
  resend: "resend-agreement-link",
  retrySeal: "retry-agreement-seal",
  record: "record-agreement",
  protectionList: "send-protection-list",
} as const;

/** A listing's showings on the portal (the seller) and the workspace (staff, who also record and reset). */
export const showingIntents = {
  saveRules: "save-showing-rules",
  answer: "answer-showing",
  record: "record-showing",
  resetPage: "reset-showing-page",
} as const;

/** A purchase's tours: the client asks; the agent confirms; either cancels; the client rates. */
export const tourIntents = { request: "request-tour", move: "move-tour" } as const;

/** The portal's proof forms: may we show your sale, write, change or remove your review. */
export const proofIntents = {
  soldConsent: "sold-consent",
  review: "write-review",
  editReview: "edit-review",
  removeReview: "remove-review",
} as const;

/** A listing's page: staff save its facts, take it down; its seller says yes in the portal. */
export const listingPageIntents = {
  save: "listing-save",
  takeDown: "listing-take-down",
  sellerYes: "listing-yes",
  sellerNo: "listing-no",
  addOpenHouse: "open-house-add",
  cancelOpenHouse: "open-house-cancel",
} as const;

/** A listing's photos: the upload posts to `?photos`; each photo's place and alt text, its removal. */
export const photoIntents = { save: "photo-save", remove: "photo-remove" } as const;

/** The file review's forms (the Documents tab): an item's documents, ready, the broker's decision. */
export const fileReviewIntents = {
  attach: "attach",
  detach: "detach",
  ready: "ready",
  approve: "approve",
  return: "return",
} as const;
