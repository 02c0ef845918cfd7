/**
 * The error boundary of pages behind a sign-in: the shared boundary, with
 * 401/403 (thrown by `requireUser`/`requireAdmin`) rendered as the access card:
 * 'Access Required' for a sign-in, 'Access Denied' for the admin area, with the
 * toast and the 1-second redirect to the login path the guard chose.
 */
import type { ErrorResponse } from "@remix-run/react";
import { AccessCard } from "~/components/access-card";
import { card } from "~/components/card";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { isAccessDenial, type AccessDenial } from "~/lib/access-denial";

function AccessDenied({ error }: { error: ErrorResponse }) {
  const denial: AccessDenial = isAccessDenial(error.data)
    ? error.data
    : { access: error.status === 401 ? "sign-in" : "admin", loginHref: "/api/login" };
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

/** A model's 403 that names why (a duty that is the broker's): the reason, and no sign-in redirect (it would not help). */
const namedRefusal = (data: unknown): string | null => {
  const message = typeof data === "object" && data !== null ? (data as { message?: unknown }).message : undefined;
  return typeof message === "string" && message !== "Forbidden" ? message : null;
};

function Refused({ message }: { message: string }) {
  return (
    <div className="px-4 py-16">
      <section className={`mx-auto mt-8 max-w-md ${card} p-8 text-center shadow-sm`} aria-labelledby="refused-title">
        <h1 id="refused-title" className="text-2xl font-bold">
          Not allowed
        </h1>
        <p className="mt-3 text-slate-700" data-testid="refusal">
          {message.replace(/\.$/, "")}.
        </p>
        <a href="/admin" className="mt-6 inline-block font-semibold text-brand-700 underline">
          Back to the dashboard
        </a>
      </section>
    </div>
  );
}

const accessHandlers = {
  401: (error: ErrorResponse) => <AccessDenied error={error} />,
  403: (error: ErrorResponse) => {
    const message = isAccessDenial(error.data) ? null : namedRefusal(error.data);
    return message ? <Refused message={message} /> : <AccessDenied error={error} />;
  },
};

export function AccessErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={accessHandlers} />;
}
