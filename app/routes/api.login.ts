import type { LoaderFunctionArgs } from "@remix-run/node";
import { startLogin } from "~/infra/sign-in.server";
import { enforceRateLimit } from "~/infra/rate-limit.server";
import { signInErrorResponse } from "~/infra/sign-in.server";

/** GET /api/login?returnTo=/path[&prompt=login]: starts the OpenID Connect flow. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await enforceRateLimit("signIn", context);
  try {
    return await startLogin(request);
  } catch (error) {
    if (error instanceof Response) throw error;
    return signInErrorResponse(error, "The sign-in provider could not be reached.");
  }
}
