import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches, useRouteLoaderData } from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SiteFooter } from "~/components/site-footer";
import { SiteNav } from "~/components/site-nav";
import { ToastProvider } from "~/components/toast-provider";
import { getSessionUser } from "~/infra/session-user.server";
import { env } from "~/config/env.server";
import { SiteStylesheet } from "~/components/inline-styles";
import { LowPriorityModulePreloads } from "~/components/module-preloads";
import { useNonce } from "~/hooks/use-nonce";
import { DemoSignInBanner } from "~/components/demo-banner";
import { getToast } from "~/infra/flash-toast.server";
import { toPublicUser } from "~/models/user.server";
import stylesheet from "~/tailwind.css?url";

// In production the stylesheet is inlined on public pages and linked on private ones (SiteStylesheet); in
// development it is linked, for hot reloading.
export const links: LinksFunction = () => [
  ...(import.meta.env.DEV ? [{ rel: "stylesheet", href: stylesheet }] : []),
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = () => [
  { title: "San Diego Flat-Fee Real Estate" },
  {
    name: "description",
    content: "Sell or buy your San Diego home for a flat fee instead of a 3% commission.",
  },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const [{ user, clearCookie }, { toast, headers }] = await Promise.all([getSessionUser(request), getToast(request)]);
  const out = new Headers(headers ?? undefined);
  // A session cookie whose session (or user) is gone is cleared.
  if (clearCookie) out.append("set-cookie", clearCookie);
  return data(
    {
      user: user ? toPublicUser(user) : null,
      toast,
      site: env().site,
      appUrl: env().APP_URL,
      demoSignIn: env().demoSignInBanner,
    },
    { headers: out },
  );
}

export type RootData = typeof loader;

/**
 * Where a page's scroll position is remembered: by history entry (React Router's default), except for the
 * entries the browser makes itself, a plain `<a href="#documents">` (the portal's section navigation),
 * which all carry the key "default": those are told apart by their address, so that going from one
 * section to another is not undone by the position remembered for the first.
 */
const scrollKey = (location: { key: string; pathname: string; search: string; hash: string }) =>
  location.key === "default" ? `${location.pathname}${location.search}${location.hash}` : location.key;

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const rootData = useRouteLoaderData<typeof loader>("root");
  const site = rootData?.site;
  // A kiosk page (the open house's door, on the host's tablet) has no way off it: no navigation, no footer.
  const kiosk = useMatches().some((m) => (m.handle as { kiosk?: boolean } | undefined)?.kiosk === true);

  useEffect(() => {
    // Lets browser tests know React has hydrated before they interact.
    document.documentElement.dataset.hydrated = "true";
  }, []);

  return (
    <html lang="en" className="h-full">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        {import.meta.env.DEV ? null : <SiteStylesheet href={stylesheet} />}
        <Links />
      </head>
      <body className="flex min-h-full flex-col bg-slate-50 text-slate-900 antialiased">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-[60] focus:rounded focus:bg-white focus:px-3 focus:py-2"
        >
          Skip to content
        </a>
        {rootData?.demoSignIn ? <DemoSignInBanner /> : null}
        <ToastProvider flash={rootData?.toast ?? null}>
          {kiosk ? null : <SiteNav brand={site?.name ?? "Home"} />}
          <main id="main" className="flex-1">
            {children}
          </main>
          {site && !kiosk ? <SiteFooter site={site} /> : null}
        </ToastProvider>
        <ScrollRestoration nonce={nonce} getKey={scrollKey} />
        <LowPriorityModulePreloads />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
