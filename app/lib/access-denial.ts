/**
 * What a page's 401/403 carries from the guard (app/infra/guards.server.ts) to the error boundary
 * (app/components/access-boundary.tsx): which card to show ('Access Required' for a sign-in, 'Access
 * Denied' for the admin area) and where the 1-second redirect goes.
 */
export type AccessDenial = { access: "sign-in" | "admin"; loginHref: string };

export const isAccessDenial = (value: unknown): value is AccessDenial =>
  typeof value === "object" &&
  value !== null &&
  ((value as AccessDenial).access === "sign-in" || (value as AccessDenial).access === "admin") &&
  typeof (value as AccessDenial).loginHref === "string";
