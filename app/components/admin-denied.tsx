import { AccessCard } from "~/components/access-card";

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

/** The meta of an admin page: its title and noindex. */
export function adminMeta(title: string) {
  return [{ title }, { name: "robots", content: "noindex" }];
}
