/** The signing page's first two steps, as a signer takes them (tests/e2e/*.spec.ts share them). */
import type { Page } from "@playwright/test";
import { AGENCY_ACK_LABEL } from "~/lib/agreement-schema";
import { expect, ready } from "./fixtures";

/**
 * Gives the E-SIGN consent (unless given already), then, when the page asks for it (a client's listing or buyer agreement, the version not
 * acknowledged earlier in the transaction), reads the agency disclosure and acknowledges it. Answers whether the
 * disclosure was asked. Ends on the 'Sign' step.
 */
export async function consentAndAcknowledge(page: Page, js: boolean): Promise<boolean> {
  const consent = page.getByLabel("I have read the disclosure above and consent to sign electronically");
  const agency = page.getByTestId("agency-disclosure");
  const signStep = page.getByRole("heading", { name: "Sign", exact: true });
  // The signing page's step, once it is the page shown (a link followed with JavaScript loads it in place).
  await expect(consent.or(agency).or(signStep).first()).toBeVisible();
  await ready(page, js);
  if (await consent.isVisible()) {
    await consent.check();
    await page.getByRole("button", { name: "I consent" }).click();
  }
  await expect(agency.or(signStep).first()).toBeVisible();
  if (!(await agency.isVisible())) return false;
  await expect(agency).toContainText("DISCLOSURE REGARDING REAL ESTATE AGENCY RELATIONSHIP");
  await ready(page, js);
  await page.getByLabel(AGENCY_ACK_LABEL).check();
  await page.getByRole("button", { name: "I acknowledge" }).click();
  await expect(signStep).toBeVisible();
  return true;
}
