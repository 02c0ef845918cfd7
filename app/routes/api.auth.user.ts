import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/infra/guards.server";
import { toPublicUser } from "~/models/user.server";

/** GET /api/auth/user: the current user, or 401 when signed out. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return Response.json(toPublicUser(user), { headers: { "cache-control": "private, no-store" } });
}
