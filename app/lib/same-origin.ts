/**
 * A browser write (POST, PUT, PATCH, DELETE) coming from another site: its
 * Origin is neither the site's public origin nor the origin the request was
 * addressed to, or its fetch metadata says cross-site. Requests without an
 * Origin (curl, scripts) carry no ambient browser cookies and are not refused.
 */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function isCrossSiteWrite(request: {
  method: string;
  origin: string | null | undefined;
  fetchSite: string | null | undefined;
  allowedOrigins: readonly string[];
}): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return false;
  if (request.fetchSite === "cross-site") return true;
  return request.origin != null && !request.allowedOrigins.includes(request.origin);
}

/** The answer to a refused cross-site write (403). */
export const CROSS_SITE_MESSAGE = "Cross-site request refused";
