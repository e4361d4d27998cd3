import { labelled } from "./labels";

// Every status enumeration of docs/domain/statuses.md, default first, with the labels the screens show.

export const clientTypes = labelled(["privato", "azienda", "condominio", "ente_pubblico"] as const, {
  privato: "Privato",
  azienda: "Azienda",
  condominio: "Condominio",
  ente_pubblico: "Ente pubblico",
});
export type ClientType = (typeof clientTypes.values)[number];

export const surveyStatuses = labelled(["programmato", "completato", "annullato"] as const, {
  programmato: "Programmato",
  completato: "Completato",
  annullato: "Annullato",
});
export type SurveyStatus = (typeof surveyStatuses.values)[number];

export const estimateStatuses = labelled(["bozza", "inviato", "accettato", "rifiutato"] as const, {
  bozza: "Bozza",
  inviato: "Inviato",
  accettato: "Accettato",
  rifiutato: "Rifiutato",
});
export type EstimateStatus = (typeof estimateStatuses.values)[number];

export const siteStatuses = labelled(["programmato", "in_corso", "completato", "sospeso"] as const, {
  programmato: "Programmato",
  in_corso: "In corso",
  completato: "Completato",
  sospeso: "Sospeso",
});
export type SiteStatus = (typeof siteStatuses.values)[number];

export const contractStatuses = labelled(["bozza", "firmato", "attivo", "completato"] as const, {
  bozza: "Bozza",
  firmato: "Firmato",
  attivo: "Attivo",
  completato: "Completato",
});
export type ContractStatus = (typeof contractStatuses.values)[number];

/** "scaduta" is never stored: it is derived from the due date (docs/domain/statuses.md). */
export const invoiceStatuses = labelled(["bozza", "inviata", "pagata"] as const, {
  bozza: "Bozza",
  inviata: "Inviata",
  pagata: "Pagata",
});
export type InvoiceStatus = (typeof invoiceStatuses.values)[number];

export const serviceStatuses = labelled(["attivo", "inattivo"] as const, {
  attivo: "Attivo",
  inattivo: "Inattivo",
});
export type ServiceStatus = (typeof serviceStatuses.values)[number];

export const supplierStatuses = labelled(["attivo", "inattivo", "sospeso"] as const, {
  attivo: "Attivo",
  inattivo: "Inattivo",
  sospeso: "Sospeso",
});
export type SupplierStatus = (typeof supplierStatuses.values)[number];

export const orderStatuses = labelled(["bozza", "inviato", "confermato", "ricevuto", "annullato"] as const, {
  bozza: "Bozza",
  inviato: "Inviato",
  confermato: "Confermato",
  ricevuto: "Ricevuto",
  annullato: "Annullato",
});
export type OrderStatus = (typeof orderStatuses.values)[number];

export const userRoles = labelled(["admin", "ufficio", "tecnico", "client"] as const, {
  admin: "Amministratore",
  ufficio: "Ufficio",
  tecnico: "Tecnico",
  client: "Cliente",
});
export type UserRole = (typeof userRoles.values)[number];
/** The roles of the firm's own people (docs/domain/roles.md); `client` is the portal. */
export const staffRoles = ["admin", "ufficio", "tecnico"] as const;
export type StaffRole = (typeof staffRoles)[number];

/**
 * The first round's one-treatment-per-document VAT ("22", "10", "4", "rc"). Only the legacy
 * `vat_treatment` columns still hold it (migration 0005 turned it into per-line rates); no code
 * computes with it any more: see src/domain/vat/.
 */
export const legacyVatTreatments = ["22", "10", "4", "rc"] as const;
