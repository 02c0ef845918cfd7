import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { logout } from "~/lib/auth.server";
import { assertSameOrigin } from "~/lib/http.server";

/** GET /api/logout (SPEC §2): ends the session (row and cookie) and returns home. */
export async function loader({ request }: LoaderFunctionArgs) {
  return logout(request);
}

/** POST /api/logout: the same from a form button (what the portal uses). */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  return logout(request);
}
