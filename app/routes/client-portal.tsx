import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AccessCard, refreshTo } from "~/components/access-card";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { getUser, loginPath } from "~/lib/auth.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: "Client Portal" },
  { name: "robots", content: "noindex" },
  ...(data && !data.user ? [refreshTo(data.loginHref)] : []),
];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getUser(request);
  const loginHref = loginPath("/client-portal");
  if (!user) return data({ user: null, loginHref }, { status: 401 });
  return {
    user: { firstName: user.firstName, email: user.email, isAdmin: user.isAdmin },
    loginHref,
  };
}

export default function ClientPortal() {
  const { user, loginHref } = useLoaderData<typeof loader>();
  if (!user) {
    return (
      <AccessCard
        cardTitle="Access Required"
        cardText="Please sign in to see your transaction and saved properties."
        toastTitle="Authentication Required"
        toastText="Please log in to access the client portal."
        action={{ href: loginHref, label: "Sign In" }}
        loginHref={loginHref}
      />
    );
  }
  const name = user.firstName || user.email || "Client";
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">Welcome, {name}</h1>
          <Link to="/" className="text-sm text-brand-700 hover:underline">
            Back to Main Site
          </Link>
        </div>
        <form method="post" action="/api/logout">
          <button type="submit" className="rounded-md border border-slate-300 px-4 py-2 text-sm font-semibold">
            Logout
          </button>
        </form>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
