import type { LoaderFunctionArgs } from "@remix-run/node";
import { finishLogin } from "~/infra/sign-in.server";
import { signInErrorResponse } from "~/infra/sign-in.server";

/** GET /api/auth/callback: the provider returns here with a code and state. */
export async function loader({ request }: LoaderFunctionArgs) {
  try {
    return await finishLogin(request);
  } catch (error) {
    if (error instanceof Response) throw error;
    return signInErrorResponse(error, "We could not sign you in.");
  }
}
