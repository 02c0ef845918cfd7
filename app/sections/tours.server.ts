/**
 * A purchase's Tours section (docs/showings.md) on the client's portal and the workspace: the
 * client asks for a tour of their saved homes (in the order they number them, with up to three times), which
 * needs their buyer agreement in force (else the section links to it, and a request is refused naming it);
 * the agent confirms each home's time; either cancels; the client rates each home once seen. Plain forms.
 */
import type { ToursData } from "~/components/tours-section";
import type { Db } from "~/db/client.server";
import type { Transaction, User } from "~/db/schema";
import { redirectWithToast } from "~/infra/flash-toast.server";
import { refuse } from "~/infra/page-action.server";
import { NotFoundError } from "~/lib/errors";
import { formatSlot } from "~/lib/format";
import { tourIntents } from "~/lib/intents";
import { wallClockInput } from "~/lib/showing-slots";
import { tourEventSchema, tourRequestFromForm, tourRequestSchema } from "~/lib/tour-schema";
import { isStaff } from "~/models/actor.server";
import { buyerAgreementNeed, needView } from "~/models/buyer-agreement.server";
import { listSavedHomes } from "~/models/saved-home.server";
import { listTours, requestTour, toTourJson, tourEvent } from "~/models/tour.server";
import { backTo, parseSectionForm, type Section } from "~/sections/page-sections.server";

/** The section's data for a purchase (null for a sale). */
export function toursData(db: Db, actor: User, transaction: Transaction, now = new Date()): ToursData | null {
  if (transaction.type !== "buying") return null;
  const staff = isStaff(actor) && actor.id !== transaction.userId;
  const tours = listTours(db, actor, transaction.id).map(toTourJson);
  return {
    staff,
    agreement: needView(buyerAgreementNeed(db, transaction, now)),
    homes: staff ? [] : listSavedHomes(db, actor).map((l) => ({ id: l.id, address: l.address })),
    tours: tours.map((t) => ({
      ...t,
      slotLabels: t.slots.map((s) => formatSlot(s)),
      firstSlotInput: t.slots[0] ? wallClockInput(new Date(t.slots[0])) : "",
      stops: t.stops.map((s) => ({
        ...s,
        label: s.start ? formatSlot(s.start) : null,
        seen: s.status === "confirmed" && s.start !== null && new Date(s.start) <= now,
      })),
    })),
  };
}

export const tourSection: Section<typeof tourIntents> = {
  intents: tourIntents,
  async act(ctx, intent, formData) {
    const back = backTo(ctx, "tours");
    try {
      if (ctx.transactionId === undefined) throw new NotFoundError("Transaction not found");
      if (intent === tourIntents.request) {
        requestTour(
          ctx.db,
          ctx.actor,
          ctx.transactionId,
          parseSectionForm(tourRequestSchema, tourRequestFromForm(formData)),
        );
        return redirectWithToast(back, {
          title: "Tour requested",
          description: "Your agent confirms a time for each home.",
        });
      }
      const input = parseSectionForm(tourEventSchema, {
        type: formData.get("type"),
        listingId: formData.get("listingId"),
        start: formData.get("start") || undefined,
        rating: formData.get("rating") || undefined,
        note: formData.get("note") || undefined,
      });
      tourEvent(ctx.db, ctx.actor, Number(formData.get("tourId")) || 0, input);
      return redirectWithToast(
        back,
        input.type === "confirm"
          ? { title: "Confirmed", description: "It is in your client's calendar." }
          : input.type === "cancel"
            ? { title: "Cancelled", description: "The calendars mark it cancelled." }
            : { title: "Saved", description: "Your rating and note are kept with the home." },
      );
    } catch (error) {
      return refuse(error, { back });
    }
  },
};
