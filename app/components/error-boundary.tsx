/**
 * The one error boundary every route renders, with a handler per status:
 * 401/403 thrown by `requireUser`/`requireAdmin` show the access card (its
 * toast and the 1-second redirect to login), 404 the '404 Page Not Found'
 * page, other statuses a short message, anything else 'Something went wrong'.
 */
import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import type { ReactNode } from "react";
import { AccessCard } from "~/components/access-card";

const messages: Record<number, { title: string; text: string }> = {
  400: { title: "Bad Request", text: "The request could not be understood." },
  404: { title: "404 Page Not Found", text: "The page you are looking for does not exist or has moved." },
  405: { title: "Method Not Allowed", text: "This page does not accept that request." },
  413: { title: "Request Too Large", text: "What you sent is too large." },
  415: { title: "Unsupported Request", text: "This page only accepts its own forms." },
  429: { title: "Too Many Requests", text: "Please wait a moment and try again." },
};

type Denial = { access: "sign-in" | "admin"; loginHref: string };

const isDenial = (value: unknown): value is Denial =>
  typeof value === "object" &&
  value !== null &&
  ((value as Denial).access === "sign-in" || (value as Denial).access === "admin") &&
  typeof (value as Denial).loginHref === "string";

/** The access card of a 401/403: 'Access Required' for a sign-in, 'Access Denied' for the admin area. */
export function AccessDenied({ denial }: { denial: Denial }) {
  return denial.access === "sign-in" ? (
    <AccessCard
      cardTitle="Access Required"
      cardText="Please sign in to see your transaction and saved properties."
      toastTitle="Authentication Required"
      toastText="Please log in to access the client portal."
      action={{ href: denial.loginHref, label: "Sign In" }}
      loginHref={denial.loginHref}
    />
  ) : (
    <AccessCard
      cardTitle="Access Denied"
      cardText="You don't have permission to access this area."
      toastTitle="Access Denied"
      toastText="You don't have permission to access the admin dashboard."
      action={{ href: "/", label: "Go Home" }}
      loginHref={denial.loginHref}
    />
  );
}

export function GeneralErrorBoundary({
  statusHandlers = {},
}: {
  /** Per-status renderings that replace the default ones (e.g. a route's own 404). */
  statusHandlers?: Record<number, () => ReactNode>;
}) {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const handler = statusHandlers[status];
  if (handler) return <>{handler()}</>;
  if (isRouteErrorResponse(error) && (status === 401 || status === 403)) {
    const denial: Denial = isDenial(error.data)
      ? error.data
      : { access: status === 401 ? "sign-in" : "admin", loginHref: "/api/login" };
    return <AccessDenied denial={denial} />;
  }
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
