/**
 * A listing's Showings section (docs/showings.md) on the seller's portal and the workspace: the
 * showing page's address, the rules and access instructions, the showings to answer and to come, the past
 * ones with their feedback (a page at a time), and plain forms: save the rules; approve one of the times asked
 * for, decline, propose another time, cancel; in the workspace, record a showing booked by phone and give the
 * page a new address. A refusal comes back as a toast naming the rule.
 */
import type { ShowingsData } from "~/components/showings-section";
import type { Db } from "~/db/client.server";
import type { Transaction, User } from "~/db/schema";
import { env } from "~/config/env.server";
import { redirectWithToast } from "~/infra/flash-toast.server";
import { refuse } from "~/infra/page-action.server";
import { NotFoundError } from "~/lib/errors";
import { formatSlot } from "~/lib/format";
import { showingIntents } from "~/lib/intents";
import { phoneShowingSchema, rulesFromForm, showingEventSchema, showingRulesSchema } from "~/lib/showing-schema";
import { wallClockInput } from "~/lib/showing-slots";
import { isStaff } from "~/models/actor.server";
import {
  getShowingRules,
  recordPhoneShowing,
  resetShowingToken,
  saveShowingRules,
  showingEvent,
  showingsOverview,
} from "~/models/showing.server";
import { backTo, parseSectionForm, type Section } from "~/sections/page-sections.server";

/** The section's data for a sale (null for a purchase): `showingsBefore` pages the past showings. */
export function showingsData(
  db: Db,
  actor: User,
  transaction: Transaction,
  query: URLSearchParams,
  now = new Date(),
): ShowingsData | null {
  if (transaction.type !== "selling") return null;
  const before = query.get("showingsBefore");
  const beforeDate = before && !Number.isNaN(Date.parse(before)) ? new Date(before) : null;
  const { token, accessInstructions, ...rules } = getShowingRules(db, actor, transaction.id);
  const overview = showingsOverview(db, actor, transaction.id, { before: beforeDate }, now);
  return {
    staff: isStaff(actor),
    pageUrl: `${env().APP_URL}/showings/${token}`,
    rules,
    accessInstructions,
    ...overview,
    olderShown: beforeDate !== null,
    // A datetime-local's value for each time asked for, and its label.
    times: Object.fromEntries(
      overview.upcoming.flatMap((s) => [s.start, ...s.slots]).map((iso) => [iso, formatSlot(iso)]),
    ),
    inputs: Object.fromEntries(overview.upcoming.map((s) => [s.id, wallClockInput(new Date(s.start))])),
  };
}

const DONE = {
  approve: { title: "Approved", description: "The buyer's agent is e-mailed the confirmation and how to get in." },
  decline: { title: "Declined", description: "The buyer's agent is e-mailed." },
  propose: { title: "Proposed", description: "The buyer's agent can accept the new time from their e-mail." },
  cancel: { title: "Cancelled", description: "The buyer's agent is e-mailed." },
} as const;

export const showingSection: Section<typeof showingIntents> = {
  intents: showingIntents,
  async act(ctx, intent, formData) {
    const back = backTo(ctx, "showings");
    try {
      if (ctx.transactionId === undefined) throw new NotFoundError("Transaction not found");
      if (intent === showingIntents.saveRules) {
        saveShowingRules(
          ctx.db,
          ctx.actor,
          ctx.transactionId,
          parseSectionForm(showingRulesSchema, rulesFromForm(formData)),
        );
        return redirectWithToast(back, { title: "Saved", description: "Your showing rules are in effect." });
      }
      if (intent === showingIntents.answer) {
        const input = parseSectionForm(showingEventSchema, {
          type: formData.get("type"),
          start: formData.get("start") || undefined,
          note: formData.get("note") || undefined,
        });
        showingEvent(ctx.db, ctx.actor, Number(formData.get("showingId")) || 0, input);
        return redirectWithToast(back, DONE[input.type]);
      }
      if (intent === showingIntents.record) {
        const input = parseSectionForm(phoneShowingSchema, Object.fromEntries(formData));
        const showing = recordPhoneShowing(ctx.db, ctx.actor, ctx.transactionId, input);
        return redirectWithToast(back, {
          title: "Recorded",
          description: `The showing of ${formatSlot(showing.start)}.`,
        });
      }
      resetShowingToken(ctx.db, ctx.actor, ctx.transactionId);
      return redirectWithToast(back, {
        title: "New address",
        description: "The showing page has a new address; the old one no longer works. Update the MLS.",
      });
    } catch (error) {
      return refuse(error, { back });
    }
  },
};
