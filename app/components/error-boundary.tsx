/** The one error boundary every route renders, with a message per status. */
import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";

const messages: Record<number, { title: string; text: string }> = {
  400: { title: "Bad Request", text: "The request could not be understood." },
  401: { title: "Sign-in Required", text: "Please sign in to continue." },
  403: { title: "Access Denied", text: "You don't have permission to access this area." },
  404: { title: "404 Page Not Found", text: "The page you are looking for does not exist." },
  405: { title: "Method Not Allowed", text: "This page does not accept that request." },
};

export function GeneralErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message = messages[status] ?? {
    title: "Something went wrong",
    text: "An unexpected error occurred. Please try again in a moment.",
  };
  if (!isRouteErrorResponse(error)) console.error(error);
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
