import type { LoaderFunctionArgs } from "@remix-run/node";
import { startLogin } from "~/lib/auth.server";
import { signInErrorResponse } from "~/lib/sign-in-error.server";

/** GET /api/login?returnTo=/path[&prompt=login]: starts the OpenID Connect flow. */
export async function loader({ request }: LoaderFunctionArgs) {
  try {
    return await startLogin(request);
  } catch (error) {
    if (error instanceof Response) throw error;
    return signInErrorResponse(error, "The sign-in provider could not be reached.");
  }
}
