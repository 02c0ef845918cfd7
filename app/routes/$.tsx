import type { MetaFunction } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { jsonError } from "~/infra/http.server";

export const meta: MetaFunction = () => [{ title: "404 Page Not Found" }];

/** Any other path: a 404 that the shared boundary renders as '404 Page Not Found'. */
export async function loader() {
  throw jsonError(404, "Not found");
}

export default function NotFound() {
  return null;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
