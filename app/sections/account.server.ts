/**
 * The signed-in person's own settings on the portal: their name (the legal name they sign with), milestone
 * e-mail notices on or off, and a new address for their calendar feed (the old one stops working). Each comes
 * back to its own section.
 */
import { redirectWithToast } from "~/infra/flash-toast.server";
import { refuse } from "~/infra/page-action.server";
import { InvalidInputError } from "~/lib/errors";
import { accountIntents } from "~/lib/intents";
import { accountNameSchema, noticesFormSchema } from "~/lib/saved-home-schema";
import { resetCalendarToken } from "~/models/calendar.server";
import { setMilestoneNotices, setOwnName } from "~/models/user.server";
import { backTo, type Section } from "~/sections/page-sections.server";

export const accountSection: Section<typeof accountIntents> = {
  intents: accountIntents,
  async act(ctx, intent, formData) {
    if (intent === accountIntents.name) {
      const back = backTo(ctx, "your-name");
      const parsed = accountNameSchema.safeParse(Object.fromEntries(formData));
      if (!parsed.success) {
        const message = parsed.error.issues[0]?.message ?? "Enter your given and family names";
        return refuse(new InvalidInputError(message), { back });
      }
      setOwnName(ctx.db, ctx.actor, parsed.data);
      return redirectWithToast(back, { description: "Your name is saved." });
    }
    if (intent === accountIntents.resetCalendar) {
      resetCalendarToken(ctx.db, ctx.actor);
      return redirectWithToast(backTo(ctx, "calendar"), { description: "Your calendar has a new address." });
    }
    const back = backTo(ctx, "notices");
    const parsed = noticesFormSchema.safeParse(Object.fromEntries(formData));
    if (!parsed.success) return refuse(new InvalidInputError("Choose on or off"), { back });
    const on = parsed.data.notices === "on";
    setMilestoneNotices(ctx.db, ctx.actor, on);
    return redirectWithToast(back, {
      description: on ? "You will get an e-mail when your transaction moves forward." : "Milestone e-mails are off.",
    });
  },
};
