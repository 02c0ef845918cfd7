/**
 * A sale's open houses (docs/listings.md): GET → its open houses (staff: the door's link and the visitors'
 * names; the seller: counts only); POST `{ start, end, hostId }` (San Diego "YYYY-MM-DDTHH:MM" or an ISO instant) →
 * 201 the open house. Staff on the sale or its seller; anyone else 404.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/infra/database.server";
import { requireUser } from "~/infra/guards.server";
import { idParam, methodNotAllowed, modelCall, parseBody, readJson } from "~/infra/http.server";
import { openHouseSchema } from "~/lib/home-listing-schema";
import { listOpenHouses, scheduleOpenHouse } from "~/models/open-house.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const id = idParam(params.id);
  return Response.json(modelCall(() => listOpenHouses(getDb(), user, id)));
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const user = await requireUser(request);
  const id = idParam(params.id);
  const input = parseBody(openHouseSchema, await readJson(request));
  const row = modelCall(() => scheduleOpenHouse(getDb(), user, id, input));
  return Response.json(
    {
      id: row.id,
      start: row.startsAt.toISOString(),
      end: row.endsAt.toISOString(),
      hostId: row.hostId,
      signInPath: `/open-house/${row.token}`,
    },
    { status: 201 },
  );
}
