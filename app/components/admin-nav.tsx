/** The back office's navigation strip, on every admin page. Plain links. */
import { NavLink } from "@remix-run/react";

const LINKS = [
  ["/admin", "Transactions"],
  ["/admin/leads", "Leads"],
  ["/admin/campaigns", "Campaigns"],
  ["/admin/blog", "Blog"],
  ["/admin/emails", "E-mails"],
  ["/admin/submissions", "Submissions"],
  ["/admin/holidays", "Holidays"],
  ["/admin/settings", "Settings"],
] as const;

export function AdminNav() {
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
