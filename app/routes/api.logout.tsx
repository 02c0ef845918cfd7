import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { assertSameOrigin } from "~/infra/http.server";
import { plainPageResponse } from "~/infra/plain-page.server";
import { logout } from "~/infra/sign-in.server";

/**
 * GET /api/logout (docs/spec.md §2): ends the session (row and cookie) and returns
 * home, at once only for the site's own links and a typed address
 * (Sec-Fetch-Site same-origin or none). Any other GET (another site's link or
 * image, a browser that says nothing) gets a page whose button posts, so no
 * other site can sign a visitor out.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const site = request.headers.get("sec-fetch-site");
  if (site === "same-origin" || site === "none") return logout(request);
  return plainPageResponse(
    "Log out",
    <>
      <h1>Log out?</h1>
      <p>Do you want to sign out of your client portal?</p>
      <form method="post" action="/api/logout">
        <button type="submit">Log out</button>
      </form>
      <a className="button secondary" href="/">
        Stay signed in
      </a>
    </>,
  );
}

/** POST /api/logout: the same from a form button (what the portal uses). */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  return logout(request);
}
