/** The sender's configuration, from the validated environment and the site configuration. */
import { env } from "~/lib/env.server";
import { siteConfig } from "~/lib/site.server";

export function mailSettings() {
  const config = env();
  const site = siteConfig();
  return {
    appUrl: config.APP_URL,
    from: config.MAIL_FROM ?? `${site.name} <${site.email}>`,
    site,
    secret: config.SESSION_SECRET,
    smtpUrl: config.SMTP_URL,
    mailDir: config.mailDir,
    tickMs: config.MAIL_TICK_SECONDS * 1000,
    /** LEAD_ALERT_EMAILS, else ADMIN_EMAILS, else the agency's own address: a lead always reaches someone. */
    leadAlertEmails: config.leadAlertEmails.length ? config.leadAlertEmails : [site.email],
    /** The domain of Message-IDs: the site's host. */
    messageIdDomain: new URL(config.APP_URL).hostname,
  };
}

export type MailSettings = ReturnType<typeof mailSettings>;
