import type { LoaderFunctionArgs } from "@remix-run/node";
import { eventResponse } from "~/infra/calendar-feed.server";
import { getDb } from "~/infra/database.server";
import { requireUser } from "~/infra/guards.server";
import { fileNotFound, idParam, modelCall } from "~/infra/http.server";
import { eventOf } from "~/models/calendar.server";

/** GET /deadlines/{id}.ics: one deadline as a calendar event, for the transaction's client and admins. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const match = /^(.+)\.ics$/.exec(params.file ?? "");
  if (!match) return fileNotFound();
  const user = await requireUser(request);
  const id = idParam(match[1]);
  return eventResponse(modelCall(() => eventOf(getDb(), user, id)));
}
