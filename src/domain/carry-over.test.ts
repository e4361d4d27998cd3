import { describe, expect, it } from "vitest";
import { estimateFromSurvey, siteFromEstimate } from "./carry-over";

describe("carry-over", () => {
  it("builds the estimate from the survey's problems and measurements", () => {
    const e = estimateFromSurvey({
      id: "s1",
      clientId: "c1",
      date: "2026-03-05",
      address: "Via Po 3, Torino",
      surveyType: "tecnico",
      issuesFound: "Tegole rotte",
      measurements: "Falda 80 mq",
    });
    expect(e).toMatchObject({ clientId: "c1", surveyId: "s1", title: "Intervento in Via Po 3, Torino" });
    expect(e.description).toContain("sopralluogo tecnico del 05/03/2026");
    expect(e.description).toContain("Problemi riscontrati:\nTegole rotte");
    expect(e.description).toContain("Misurazioni:\nFalda 80 mq");
  });

  it("opens the site with the estimate's title and the survey's address, else the client's", () => {
    const client = { address: "Via Roma 1", city: "Milano" };
    expect(siteFromEstimate({ id: "e1", title: "Rifacimento", client, survey: { address: "Via Po 3" } })).toEqual({
      estimateId: "e1",
      name: "Rifacimento",
      address: "Via Po 3",
    });
    expect(siteFromEstimate({ id: "e1", title: "Rifacimento", client, survey: null }).address).toBe(
      "Via Roma 1, Milano",
    );
  });
});
