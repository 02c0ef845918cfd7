/**
 * The error boundary of pages behind a sign-in: the shared boundary, with
 * 401/403 (thrown by `requireUser`/`requireAdmin`) rendered as the access card:
 * 'Access Required' for a sign-in, 'Access Denied' for the admin area, with the
 * toast and the 1-second redirect to the login path the guard chose.
 */
import type { ErrorResponse } from "@remix-run/react";
import { AccessCard } from "~/components/access-card";
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

const accessHandlers = {
  401: (error: ErrorResponse) => <AccessDenied error={error} />,
  403: (error: ErrorResponse) => <AccessDenied error={error} />,
};

export function AccessErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={accessHandlers} />;
}
