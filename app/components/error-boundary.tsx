/**
 * The one error boundary every route renders, with a message per status (404
 * is '404 Page Not Found') and 'Something went wrong' for anything else. A
 * route passes `statusHandlers` to render a status its own way: the pages
 * behind a sign-in use `AccessErrorBoundary` (access-boundary.tsx), whose
 * 401/403 handlers show the access card. (That card lives apart so the
 * landing page, which has no guarded content, does not ship it.)
 */
import { isRouteErrorResponse, Link, useRouteError, type ErrorResponse } from "@remix-run/react";
import type { ReactNode } from "react";

const messages: Record<number, { title: string; text: string }> = {
  400: { title: "Bad Request", text: "The request could not be understood." },
  401: { title: "Sign-in Required", text: "Please sign in to continue." },
  403: { title: "Access Denied", text: "You don't have permission to access this area." },
  404: { title: "404 Page Not Found", text: "The page you are looking for does not exist or has moved." },
  405: { title: "Method Not Allowed", text: "This page does not accept that request." },
  413: { title: "Request Too Large", text: "What you sent is too large." },
  415: { title: "Unsupported Request", text: "This page only accepts its own forms." },
  429: { title: "Too Many Requests", text: "Please wait a moment and try again." },
};

export function GeneralErrorBoundary({
  statusHandlers = {},
}: {
  /** Per-status renderings that replace the default ones (e.g. a route's own 404). */
  statusHandlers?: Record<number, (error: ErrorResponse) => ReactNode>;
}) {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const handler = isRouteErrorResponse(error) ? statusHandlers[status] : undefined;
  if (handler && isRouteErrorResponse(error)) return <>{handler(error)}</>;
  if (!isRouteErrorResponse(error)) console.error(error);
  const message = messages[status] ?? {
    title: "Something went wrong",
    text: "An unexpected error occurred. Please try again in a moment.",
  };
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center" aria-labelledby="error-title">
      <p className="text-sm font-semibold text-brand-600">Error {status}</p>
      <h1 id="error-title" className="mt-2 text-3xl font-bold text-slate-900">
        {message.title}
      </h1>
      <p className="mt-4 text-slate-600">{message.text}</p>
      <Link to="/" className="mt-8 inline-block rounded-md bg-brand-600 px-4 py-2 font-semibold text-white">
        Go Home
      </Link>
    </section>
  );
}
