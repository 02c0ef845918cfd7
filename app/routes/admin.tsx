import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AccessCard, refreshTo } from "~/components/access-card";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { getUser, loginPath } from "~/lib/auth.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: "Admin Dashboard" },
  { name: "robots", content: "noindex" },
  ...(data && !data.isAdmin ? [refreshTo(data.loginHref)] : []),
];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getUser(request);
  // A signed-in non-admin is asked to sign in again (prompt=login), so they can
  // switch to an admin account; the login never loops back on its own.
  const loginHref = loginPath("/admin", { switchAccount: Boolean(user) });
  if (!user) return data({ isAdmin: false, loginHref }, { status: 401 });
  if (!user.isAdmin) return data({ isAdmin: false, loginHref }, { status: 403 });
  return { isAdmin: true, loginHref };
}

export default function Admin() {
  const { isAdmin, loginHref } = useLoaderData<typeof loader>();
  if (!isAdmin) {
    return (
      <AccessCard
        cardTitle="Access Denied"
        cardText="You don't have permission to access this area."
        toastTitle="Access Denied"
        toastText="You don't have permission to access the admin dashboard."
        action={{ href: "/", label: "Go Home" }}
        loginHref={loginHref}
      />
    );
  }
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold">Admin Dashboard</h1>
      <p className="mt-2 text-slate-600">Transaction management arrives here.</p>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
