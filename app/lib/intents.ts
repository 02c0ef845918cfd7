/**
 * The intents of each page's action: the value of the submit button (`name="intent"`) that says which of
 * the page's forms was sent. The forms and the actions' `switch` share these constants; an intent that is
 * not the page's gets 400 (app/infra/page-action.server.ts).
 */

/** Initialize Milestones, on the portal (an admin's own transaction) and the Manage page. */
const initialize = "initialize";

/**
 * A transaction's documents, on the portal and the Manage page. The upload form sends its intent in a
 * hidden field ahead of its files; the page's action takes any multipart request as an upload.
 */
export const documentIntents = { upload: "upload", remove: "remove-document", restore: "restore-document" } as const;

/** A transaction's conversation, on the portal and the Manage page (Hide: admins only). */
export const messageIntents = { send: "send-message", hide: "hide-message" } as const;

export const portalIntents = {
  addListing: "add",
  parseListingUrl: "parse",
  favorite: "favorite",
  deleteListing: "delete",
  initialize,
  notices: "notices",
  removeDocument: documentIntents.remove,
  resetCalendar: "reset-calendar",
  sendMessage: messageIntents.send,
} as const;

export const dashboardIntents = { setupTestData: "setup-test-data" } as const;

export const manageIntents = {
  initialize,
  updateMilestone: "update-milestone",
  editTransaction: "edit-transaction",
  removeDocument: documentIntents.remove,
  restoreDocument: documentIntents.restore,
  saveContract: "save-contract",
  deadlineStatus: "deadline-status",
  sendMessage: messageIntents.send,
  hideMessage: messageIntents.hide,
} as const;

/** /admin/key-dates: the holidays the deadlines count with, and the staff calendar feed. */
export const keyDatesIntents = {
  addHoliday: "add-holiday",
  removeHoliday: "remove-holiday",
  resetCalendar: "reset-calendar",
} as const;

export const leadIntents = { pause: "pause", resume: "resume", note: "note" } as const;

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
