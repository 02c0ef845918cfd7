import { AccessCard, refreshTo } from "~/components/access-card";

export function AdminDenied({ loginHref }: { loginHref: string }) {
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

/** The meta of an admin page: its title, noindex, and the no-JS redirect when denied. */
export function adminMeta(title: string, data: unknown) {
  const d = data as { denied?: boolean; loginHref?: string } | undefined;
  return [{ title }, { name: "robots", content: "noindex" }, ...(d?.denied && d.loginHref ? [refreshTo(d.loginHref)] : [])];
}
