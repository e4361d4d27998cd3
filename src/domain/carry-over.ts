/**
 * What one record hands to the next (docs/domain/sites.md): the survey to its
 * estimate, the accepted estimate to its site, the client to a new survey. Pure, so the forms and
 * the tests build the same prefill.
 */
import { formatAddress } from "./wording";

export type PlaceParts = { address: string; city?: string | null; province?: string | null; zipCode?: string | null };

export type SurveyForEstimate = {
  id: string;
  clientId: string;
  date: string;
  address: string;
  surveyType?: string | null;
  description?: string | null;
  issuesFound?: string | null;
  measurements?: string | null;
};

const TITLE_MAX = 200;

/** The estimate's header built from a survey: its client and address, problems and measurements. */
export function estimateFromSurvey(s: SurveyForEstimate) {
  const title = `Intervento in ${s.address}`.slice(0, TITLE_MAX);
  const [y, m, d] = s.date.split("-");
  const kind = s.surveyType ? ` ${s.surveyType}` : "";
  const parts = [`Lavori in ${s.address}, a seguito del sopralluogo${kind} del ${d}/${m}/${y}.`];
  if (s.description?.trim()) parts.push(s.description.trim());
  if (s.issuesFound?.trim()) parts.push(`Problemi riscontrati:\n${s.issuesFound.trim()}`);
  if (s.measurements?.trim()) parts.push(`Misurazioni:\n${s.measurements.trim()}`);
  return { clientId: s.clientId, surveyId: s.id, title, description: parts.join("\n\n") };
}

export type EstimateForSite = {
  id: string;
  title: string;
  client: PlaceParts;
  survey: { address: string } | null;
};

/** The site opened on an accepted estimate: its name, and the survey's address or else the client's. */
export function siteFromEstimate(e: EstimateForSite) {
  return { estimateId: e.id, name: e.title.slice(0, TITLE_MAX), address: e.survey?.address || formatAddress(e.client) };
}
