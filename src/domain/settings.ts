import { intLike, optionalFormat, optionalText, requiredText } from "./common";
import { labelled } from "./labels";
import {
  capSchema,
  codiceFiscaleSchema,
  emailSchema,
  ibanSchema,
  partitaIvaSchema,
  phoneSchema,
  provinciaSchema,
} from "./validators";
import { FATTURA_LIMITS, fatturaLimitMessage, fitsFattura } from "./fatturapa";
import { z } from "./zod";

/** What anyone may read: the landing title and the portal's help contacts. */
export const publicCompanySchema = z.object({
  companyName: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  /** Set when a logo was uploaded: the public address of the image. */
  logoUrl: z.string().nullable(),
  /** What the estimate editor's live VAT needs (both printed on every invoice anyway). */
  regimeFiscale: z.string().optional(),
  defaultVatRate: z.string().optional(),
});
export type PublicCompany = z.infer<typeof publicCompanySchema>;

/** FatturaPA RegimeFiscale codes (RF03 was abolished). */
export const regimiFiscali = labelled(
  [
    "RF01",
    "RF02",
    "RF04",
    "RF05",
    "RF06",
    "RF07",
    "RF08",
    "RF09",
    "RF10",
    "RF11",
    "RF12",
    "RF13",
    "RF14",
    "RF15",
    "RF16",
    "RF17",
    "RF18",
    "RF19",
    "RF20",
  ] as const,
  {
    RF01: "RF01 - Ordinario",
    RF02: "RF02 - Contribuenti minimi",
    RF04: "RF04 - Agricoltura e attività connesse e pesca",
    RF05: "RF05 - Vendita sali e tabacchi",
    RF06: "RF06 - Commercio fiammiferi",
    RF07: "RF07 - Editoria",
    RF08: "RF08 - Gestione servizi telefonia pubblica",
    RF09: "RF09 - Rivendita documenti di trasporto pubblico e di sosta",
    RF10: "RF10 - Intrattenimenti, giochi e altre attività",
    RF11: "RF11 - Agenzie viaggi e turismo",
    RF12: "RF12 - Agriturismo",
    RF13: "RF13 - Vendite a domicilio",
    RF14: "RF14 - Rivendita beni usati, oggetti d'arte, d'antiquariato o da collezione",
    RF15: "RF15 - Agenzie di vendite all'asta di oggetti d'arte, antiquariato o da collezione",
    RF16: "RF16 - IVA per cassa P.A.",
    RF17: "RF17 - IVA per cassa",
    RF18: "RF18 - Altro",
    RF19: "RF19 - Regime forfettario",
    RF20: "RF20 - Regime transfrontaliero di franchigia IVA",
  },
);

/** The company's usual rate; reverse charge depends on the client, so it is not a default. */
export const defaultVatRates = labelled(["22", "10", "4"] as const, { "22": "22%", "10": "10%", "4": "4%" });

/** "MI-1234567": the sigla of the Camera di Commercio and the number of the REA. */
export const reaSchema = z
  .string({ error: "Numero REA non valido (es. MI-1234567)" })
  .trim()
  .toUpperCase()
  .overwrite((s) => s.replace(/\s+/g, "").replace(/^([A-Z]{2})(\d)/, "$1-$2"))
  .refine((s) => /^[A-Z]{2}-\d{1,20}$/.test(s), { error: "Numero REA non valido (es. MI-1234567)" });

/** Company settings (docs/domain/api.md, docs/domain/operations.md): the form and PUT /api/settings share this schema. */
export const settingsInputSchema = z.object({
  // Texts of the CedentePrestatore: refused beyond FatturaPA's lengths, never cut (docs/domain/invoices.md).
  companyName: requiredText("Ragione sociale", 1000).refine(
    fitsFattura(FATTURA_LIMITS.denominazione),
    fatturaLimitMessage("Ragione sociale", FATTURA_LIMITS.denominazione),
  ),
  vatNumber: optionalFormat(partitaIvaSchema),
  fiscalCode: optionalFormat(codiceFiscaleSchema),
  address: optionalText("Indirizzo", 1000).refine(
    fitsFattura(FATTURA_LIMITS.indirizzo),
    fatturaLimitMessage("Indirizzo", FATTURA_LIMITS.indirizzo),
  ),
  city: optionalText("Città", 1000).refine(
    fitsFattura(FATTURA_LIMITS.comune),
    fatturaLimitMessage("Città", FATTURA_LIMITS.comune),
  ),
  province: optionalFormat(provinciaSchema),
  zipCode: optionalFormat(capSchema),
  reaNumber: optionalFormat(reaSchema),
  phone: optionalFormat(
    phoneSchema.refine(
      (v) => v.replace(/\s+/g, "").length <= FATTURA_LIMITS.telefono,
      `Telefono: massimo ${FATTURA_LIMITS.telefono} caratteri senza spazi (limite della fattura elettronica)`,
    ),
  ),
  email: optionalFormat(emailSchema),
  pec: optionalFormat(emailSchema),
  iban: optionalFormat(ibanSchema),
  regimeFiscale: z.enum(regimiFiscali.values, { error: "Regime fiscale non valido" }),
  defaultVatRate: z.enum(defaultVatRates.values, { error: "Aliquota IVA predefinita: scegli 22%, 10% o 4%" }),
  paymentTermsDays: intLike("Termini di pagamento", 0, 365),
  contractTerms: optionalText("Condizioni contrattuali", 20000),
  /** Admins must sign in with an authenticator app too; left as it is when not sent. */
  requireTotpForAdmins: z.boolean({ error: "Verifica in due passaggi obbligatoria: valore non valido" }).optional(),
});
export type SettingsInput = z.input<typeof settingsInputSchema>;
export type SettingsValues = z.output<typeof settingsInputSchema>;

export const settingsSchema = z.object({
  companyName: z.string(),
  vatNumber: z.string().nullable(),
  fiscalCode: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  province: z.string().nullable(),
  zipCode: z.string().nullable(),
  reaNumber: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  pec: z.string().nullable(),
  iban: z.string().nullable(),
  regimeFiscale: z.string(),
  defaultVatRate: z.string(),
  paymentTermsDays: z.number().int(),
  contractTerms: z.string().nullable(),
  requireTotpForAdmins: z.boolean(),
  logoUrl: z.string().nullable(),
  updatedAt: z.string(),
});
export type Settings = z.infer<typeof settingsSchema>;

/** Logo upload limits: a small raster image, shown on screens and printed on PDFs. */
export const LOGO_MAX_BYTES = 1024 * 1024;
export const LOGO_TYPE_ERROR = "Il logo deve essere un'immagine PNG o JPEG";
export const LOGO_SIZE_ERROR = "Il logo non può superare 1 MB";

/** PNG or JPEG, recognised from the bytes (the PDF library prints only these two). */
export function detectLogoType(bytes: Uint8Array): { mime: "image/png" | "image/jpeg"; ext: "png" | "jpg" } | null {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((b, i) => bytes[i] === b)) return { mime: "image/png", ext: "png" };
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return { mime: "image/jpeg", ext: "jpg" };
  return null;
}
