/**
 * The back office's navigation strip, on every admin page. Plain links: an agent's are the pages they see
 * narrowed to their own (docs/decisions/030-team.md); the rest are the admins'.
 */
import { NavLink } from "@remix-run/react";

const STAFF_LINKS = [
  ["/admin", "Transactions"],
  ["/admin/leads", "Leads"],
  ["/admin/submissions", "Submissions"],
  ["/admin/client-reviews", "Client reviews"],
  ["/admin/payouts", "Payouts"],
  ["/admin/profile", "My profile"],
] as const;
const ADMIN_LINKS = [
  ["/admin/campaigns", "Campaigns"],
  ["/admin/blog", "Blog"],
  ["/admin/emails", "E-mails"],
  ["/admin/holidays", "Holidays"],
  ["/admin/agreements", "Agreements"],
  ["/admin/reviews", "File reviews"],
  ["/admin/team", "Team"],
  ["/admin/audit", "Audit"],
  ["/admin/settings", "Settings"],
] as const;

export function AdminNav({ admin }: { admin: boolean }) {
  const LINKS = admin ? [...STAFF_LINKS, ...ADMIN_LINKS] : STAFF_LINKS;
  return (
    <nav aria-label="Admin" className="border-b border-slate-200 bg-white">
      <ul className="mx-auto flex max-w-6xl flex-wrap gap-1 px-4 py-2 text-sm">
        {LINKS.map(([to, label]) => (
          <li key={to}>
            <NavLink
              to={to}
              end={to === "/admin"}
              className={({ isActive }) =>
                `inline-block rounded-md px-3 py-1.5 font-semibold ${isActive ? "bg-brand-100 text-brand-900" : "text-slate-700 hover:bg-slate-100"}`
              }
            >
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
