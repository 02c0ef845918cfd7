import { describe, expect, it } from "vitest";
import { parsedMessage, parseZillowUrl } from "~/lib/zillow";

describe("parseZillowUrl", () => {
  it("reads the zpid, street, unit, city, state and ZIP of a listing URL", () => {
    expect(
      parseZillowUrl("https://www.zillow.com/homedetails/1234-Ocean-View-Blvd-APT-5-San-Diego-CA-92107/12345678_zpid/"),
    ).toEqual({
      zillowId: "12345678",
      address: "1234 Ocean View Blvd APT 5, San Diego, CA 92107",
      street: "1234 Ocean View Blvd",
      unit: "APT 5",
      city: "San Diego",
      state: "CA",
      zip: "92107",
    });
  });

  it.each([
    [
      "https://www.zillow.com/homedetails/742-Evergreen-Ter-La-Jolla-CA-92037/98765_zpid/",
      "742 Evergreen Ter, La Jolla, CA 92037",
    ],
    [
      "https://www.zillow.com/homedetails/55-Main-St-UNIT-2B-Chula-Vista-CA-91910/111_zpid/?utm=x#photos",
      "55 Main St UNIT 2B, Chula Vista, CA 91910",
    ],
    [
      "http://zillow.com/homedetails/9-Harbor-Dr-STE-300-Oceanside-CA-92054/222_zpid",
      "9 Harbor Dr STE 300, Oceanside, CA 92054",
    ],
    [
      "https://www.zillow.com/homedetails/10-Elm-Ave-Springfield-IL-62701/333_zpid/",
      "10 Elm Ave, Springfield, IL 62701",
    ],
    [
      "https://www.zillow.com/homedetails/3-Palm-Way-%23-7-San-Diego-CA-92101/444_zpid/",
      "3 Palm Way #7, San Diego, CA 92101",
    ],
  ])("%s", (url, address) => {
    expect(parseZillowUrl(url)?.address).toBe(address);
  });

  it("reads a zpid without an address", () => {
    expect(parseZillowUrl("https://www.zillow.com/homedetails/12345678_zpid/")).toMatchObject({
      zillowId: "12345678",
      address: null,
    });
    expect(parseZillowUrl("https://www.zillow.com/homes/87654321_zpid/")).toMatchObject({
      zillowId: "87654321",
      address: null,
    });
  });

  it.each([
    "https://www.zillow.com/homes/1234-Ocean-View-Blvd-San-Diego-CA_rb/",
    "https://www.zillow.com/b/the-park-san-diego-ca-5XjR8c/",
    "https://www.redfin.com/CA/San-Diego/1234-Ocean-View-Blvd-92107/home/12345",
    "https://zillow.com.evil.example/homedetails/1_zpid/",
    "javascript:alert(1)",
    "not a url",
    "",
  ])("refuses %j", (url) => {
    expect(parseZillowUrl(url)).toBeNull();
  });

  it("writes a message for the toast", () => {
    expect(parsedMessage(parseZillowUrl("https://www.zillow.com/homedetails/12345678_zpid/")!)).toContain("12345678");
  });
});
