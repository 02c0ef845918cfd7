/**
 * A sale's showings: GET → [{ id, start, end, status, agent: { name, brokerage, licenseNumber },
 * feedback }] for the seller and staff; POST (staff) a showing booked by phone `{ agentName, brokerage,
 * licenseNumber, phone, email, start, status: "approved" }` → 201 (a past one too; over another approved
 * showing 409). Anyone else and a purchase 404, anonymous 401.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/infra/database.server";
import { requireUser } from "~/infra/guards.server";
import { idParam, methodNotAllowed, modelCall, parseBody, readJson } from "~/infra/http.server";
import { phoneShowingSchema } from "~/lib/showing-schema";
import { listShowings, recordPhoneShowing, toShowingJson } from "~/models/showing.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const id = idParam(params.id);
  return Response.json(modelCall(() => listShowings(getDb(), user, id)));
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const user = await requireUser(request);
  const id = idParam(params.id);
  modelCall(() => listShowings(getDb(), user, id));
  const input = parseBody(phoneShowingSchema, await readJson(request));
  return Response.json(toShowingJson(modelCall(() => recordPhoneShowing(getDb(), user, id, input))), {
    status: 201,
  });
}
