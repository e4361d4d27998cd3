import { isZeroMoney, lineTotal, subMoney, toCents } from "./money";
import {
  isValidCap,
  isValidCodiceFiscale,
  isValidIban,
  isValidPartitaIva,
  isValidProvincia,
  isValidSdiCode,
} from "./validators";

import type { Natura, RitenutaResult, VatResult, VatSummary } from "./vat/types";

// FatturaPA FPR12/FPA12 (docs/domain/invoices.md; the SdI checks: src/server/documents/fatturapa/sdi-checks.ts):
// a pure builder plus the checks the SdI would otherwise reject the file for. Every figure comes
// from the VAT engine's result (src/domain/vat/): the builder writes it, it computes nothing.
// No I/O: the server loads the data and serves it.

export interface FpParty {
  name: string;
  vatNumber: string | null;
  fiscalCode: string | null;
  address: string | null;
  zipCode: string | null;
  city: string | null;
  province: string | null;
}

export interface FpSeller extends FpParty {
  regimeFiscale: string;
  iban: string | null;
  phone: string | null;
  email: string | null;
}

export interface FpBuyer extends FpParty {
  sdiCode: string | null;
  pec: string | null;
  /** Codice univoco ufficio of a public body (FPA12): 6 characters. */
  officeCode?: string | null;
}

export interface FpLine {
  description: string;
  quantity: string;
  unit?: string | null;
  unitPrice: string;
  total: string;
  /** Percent, two decimals: "22.00", "0.00". */
  rate: string;
  natura: Natura | null;
  /** Subject to the condominio's ritenuta (Ritenuta SI). */
  ritenuta?: boolean;
}

export interface FpDocument {
  /** FPA12 for a public body (split payment), FPR12 otherwise. */
  formato: "FPR12" | "FPA12";
  /** TD01 invoice, TD02 acconto, TD04 credit note. */
  type: "TD01" | "TD02" | "TD04";
  number: string;
  issueDate: string;
  dueDate: string;
  /** Progressive of the file name and ProgressivoInvio (5 alphanumerics). */
  progressive: string;
  lines: FpLine[];
  /** The engine's DatiRiepilogo, one per rate or natura. */
  summaries: VatSummary[];
  /** "2.00" when the bollo is due (DatiBollo), else "0.00". */
  stampDuty: string;
  ritenuta: RitenutaResult | null;
  /** ImportoTotaleDocumento: imponibile + IVA + bollo. */
  total: string;
  /** ImportoPagamento: total − ritenuta − split-payment VAT. */
  netToPay: string;
  notes: string | null;
  /** A credit note's original invoice (DatiFattureCollegate). */
  linked?: { number: string; issueDate: string } | null;
  /** DatiContratto: the contract's number and date, CIG and CUP of a public procurement. */
  contract?: { number: string; date: string | null; cig: string | null; cup: string | null } | null;
  /** DatiSAL/RiferimentoFase of a SAL invoice. */
  salPhase?: number | null;
}

/** FatturaPA decimals: at least two decimals ("2" → "2.00", "1.250" stays). */
export function xsdDecimal(value: string): string {
  const [int, frac = ""] = value.split(".");
  return `${int}.${frac.padEnd(2, "0")}`;
}

/**
 * The DettaglioLinee of a computed document: a line split by the beni-significativi rule becomes
 * one line per part (10 % and 22 %, quantity 1); the bollo recharged to the client is the last
 * line (N1). Lines subject to the condominio's ritenuta say so (Ritenuta SI, SdI 00411/00415).
 */
export function fatturaLinesOf(
  lines: readonly { description: string; quantity: string; unit: string | null; unitPrice: string }[],
  vat: VatResult,
): FpLine[] {
  const out: FpLine[] = [];
  const ritenuta = !!vat.ritenuta;
  for (const result of vat.lines) {
    const line = lines[result.index]!;
    if (result.split) {
      for (const part of result.parts) {
        out.push({
          description: line.description,
          quantity: "1.00",
          unit: null,
          unitPrice: part.amount,
          total: part.amount,
          rate: part.rate,
          natura: part.natura,
          ritenuta: ritenuta && part.natura !== "N1",
        });
      }
      continue;
    }
    const part = result.parts[0]!;
    out.push({
      description: line.description,
      quantity: xsdDecimal(line.quantity),
      unit: line.unit,
      unitPrice: xsdDecimal(line.unitPrice),
      total: result.lineTotal,
      rate: part.rate,
      natura: part.natura,
      ritenuta: ritenuta && part.natura !== "N1",
    });
  }
  if (vat.bollo.line) {
    const b = vat.bollo.line;
    out.push({
      description: b.description,
      quantity: "1.00",
      unit: null,
      unitPrice: b.amount,
      total: b.amount,
      rate: "0.00",
      natura: b.natura,
    });
  }
  return out;
}

export interface FpInput {
  seller: FpSeller;
  buyer: FpBuyer;
  document: FpDocument;
  today: string;
}

/** Sequences of a year that keep a distinct progressive for each of their transmissions. */
export const PROGRESSIVE_SEQUENCES_PER_TRANSMISSION = 200_000;

/**
 * ProgressivoInvio and file-name progressive: 5 alphanumerics, unique per invoice and stable
 * (downloading twice gives the same name). The year is one base-36 character after 2000,
 * the rest four (1,679,616 values): the first transmission is the sequence itself (unchanged
 * names for every invoice issued before re-issues existed); a re-issue after an SdI rejection
 * (docs/domain/invoices.md) moves by 200,000 per transmission, so up to 8 transmissions of up to 200,000
 * invoices a year never share a name (the SdI refuses a duplicate with 00002).
 */
export function fatturaProgressive(year: number, sequence: number, transmission = 1): string {
  const y = (year - 2000).toString(36).toUpperCase();
  const value = sequence + (transmission - 1) * PROGRESSIVE_SEQUENCES_PER_TRANSMISSION;
  return (y + value.toString(36).toUpperCase().padStart(4, "0")).slice(-5).padStart(5, "0");
}

export const fatturaFileName = (vatNumber: string, progressive: string) => `IT${vatNumber}_${progressive}.xml`;

// ---- text ---------------------------------------------------------------------------------

const TRANSLITERATE: Record<string, string> = {
  "\u2018": "'",
  "\u2019": "'",
  "\u201A": "'",
  "\u201C": '"',
  "\u201D": '"',
  "\u201E": '"',
  "\u2013": "-",
  "\u2014": "-",
  "\u2026": "...",
  "\u20AC": "EUR",
  "\u00A0": " ",
  "\u2022": "-",
  "\u0141": "L",
  "\u0142": "l",
  "\u0152": "OE",
  "\u0153": "oe",
  "\u0110": "D",
  "\u0111": "d",
  "\u0131": "i",
};

/**
 * Text the SdI accepts in a Latin-1 field: typographic quotes and dashes become ASCII, € becomes
 * EUR, letters outside Latin-1 lose their accent (ő → o), anything else and control characters go.
 */
export function toLatin1(text: string): string {
  let out = "";
  for (const ch of text.replace(/\r\n?/g, "\n")) {
    const mapped = TRANSLITERATE[ch];
    if (mapped !== undefined) {
      out += mapped;
      continue;
    }
    const code = ch.codePointAt(0)!;
    if (code === 0x0a || code === 0x09) out += " ";
    else if (code < 0x20 || (code >= 0x7f && code < 0xa0)) continue;
    else if (code <= 0xff) out += ch;
    else {
      const base = ch.normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
      if ([...base].every((c) => c.codePointAt(0)! <= 0xff)) out += base;
    }
  }
  return out.replace(/ {2,}/g, " ").trim();
}

/**
 * The length a text takes in a FatturaPA field (Latin-1: "€" becomes "EUR", "…" three dots). The
 * shared zod schemas bound every text that reaches the file with it, so nothing is ever cut
 * (docs/domain/invoices.md: texts longer than FatturaPA allows are refused, 400).
 */
export const fatturaLength = (text: string) => [...toLatin1(text)].length;

/** The FatturaPA limits of the texts Colmo writes (Schema_VFPR12 v1.2.3). */
export const FATTURA_LIMITS = {
  /** Denominazione (1.2.1.3.1, 1.4.1.3.1). */
  denominazione: 80,
  /** Indirizzo and Comune of Sede. */
  indirizzo: 60,
  comune: 60,
  /** DettaglioLinee/Descrizione. */
  descrizione: 1000,
  /** One Causale block; longer notes take several blocks, never cut. */
  causale: 200,
  unitaMisura: 10,
  /** Contatti/Telefono: 5–12 characters. */
  telefono: 12,
} as const;

/** A zod refinement: the text fits the FatturaPA field (null and empty always fit). */
export const fitsFattura = (max: number) => (value: string | null | undefined) => !value || fatturaLength(value) <= max;
export const fatturaLimitMessage = (label: string, max: number) =>
  `${label}: massimo ${max} caratteri (limite della fattura elettronica)`;

/** Basic Latin only (Numero, ProgressivoInvio, UnitaMisura). */
const toAscii = (text: string) => toLatin1(text).replace(/[^\x20-\x7e]/g, "");

const escapeXml = (text: string) =>
  text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");

/**
 * Latin-1 and escaped. Never cut: the shared schemas bound every text where it is typed and
 * fatturaPaProblems refuses (409, naming the field) an older record that is still too long.
 */
const latin = (text: string) => escapeXml(toLatin1(text));

// ---- checks -------------------------------------------------------------------------------

export interface FpProblem {
  /** SdI error code, or "dati" for data the app itself requires. */
  code: string;
  field: string;
  message: string;
}

function partyProblems(p: FpParty, who: "seller" | "buyer", label: string): FpProblem[] {
  const out: FpProblem[] = [];
  const add = (field: string, message: string, code = "dati") =>
    out.push({ code, field: `${who}.${field}`, message: `${label}: ${message}` });
  if (!p.name.trim()) add("name", "ragione sociale mancante");
  // Never cut in the file (docs/domain/numbering.md): a record typed before the limits were enforced is refused here.
  const tooLong = (field: string, label: string, text: string | null, max: number) => {
    if (text && fatturaLength(text) > max) add(field, `${label} oltre ${max} caratteri: correggilo nella scheda`);
  };
  tooLong("name", "nome", p.name, FATTURA_LIMITS.denominazione);
  tooLong("address", "indirizzo", p.address, FATTURA_LIMITS.indirizzo);
  tooLong("city", "comune", p.city, FATTURA_LIMITS.comune);
  if (who === "seller") {
    if (!p.vatNumber) add("vatNumber", "partita IVA mancante");
    else if (!isValidPartitaIva(p.vatNumber)) add("vatNumber", "partita IVA non valida", "00305");
  } else {
    if (!p.vatNumber && !p.fiscalCode) add("vatNumber", "serve la partita IVA o il codice fiscale", "00417");
    if (p.vatNumber && !isValidPartitaIva(p.vatNumber)) add("vatNumber", "partita IVA non valida", "00305");
  }
  if (p.fiscalCode && !isValidCodiceFiscale(p.fiscalCode)) add("fiscalCode", "codice fiscale non valido", "00306");
  if (!p.address?.trim()) add("address", "indirizzo mancante");
  if (!p.zipCode) add("zipCode", "CAP mancante");
  else if (!isValidCap(p.zipCode)) add("zipCode", "CAP non valido");
  if (!p.city?.trim()) add("city", "comune mancante");
  if (!p.province) add("province", "provincia mancante");
  else if (!isValidProvincia(p.province)) add("province", "sigla provincia non valida");
  return out;
}

/** Everything that would make the SdI (or the XSD) refuse the file, in Italian; empty when it can go. */
export function fatturaPaProblems(input: FpInput): FpProblem[] {
  const { seller, buyer, document: doc } = input;
  const out: FpProblem[] = [
    ...partyProblems(seller, "seller", "Dati aziendali"),
    ...partyProblems(buyer, "buyer", "Cliente"),
  ];
  if (!/^RF(0[1-9]|1[0-9]|20)$/.test(seller.regimeFiscale) || seller.regimeFiscale === "RF03") {
    out.push({ code: "dati", field: "seller.regimeFiscale", message: "Dati aziendali: regime fiscale non valido" });
  }
  if (!seller.iban)
    out.push({
      code: "dati",
      field: "seller.iban",
      message: "Dati aziendali: IBAN mancante (serve per il pagamento con bonifico)",
    });
  else if (!isValidIban(seller.iban))
    out.push({ code: "dati", field: "seller.iban", message: "Dati aziendali: IBAN non valido" });
  if (doc.formato === "FPA12" && !/^[A-Z0-9]{6}$/.test(buyer.officeCode ?? "")) {
    out.push({
      code: "00427",
      field: "buyer.officeCode",
      message: "Cliente: all'ente pubblico serve il codice univoco ufficio (6 caratteri)",
    });
  }
  if (seller.phone && toAscii(seller.phone).replace(/\s+/g, "").length > FATTURA_LIMITS.telefono) {
    out.push({
      code: "dati",
      field: "seller.phone",
      message: `Dati aziendali: telefono oltre ${FATTURA_LIMITS.telefono} caratteri`,
    });
  }
  if (buyer.sdiCode && !isValidSdiCode(buyer.sdiCode)) {
    out.push({
      code: "00427",
      field: "buyer.sdiCode",
      message: "Cliente: il codice destinatario SDI deve avere 7 caratteri",
    });
  }
  if (!/\d/.test(doc.number) || doc.number.length > 20)
    out.push({ code: "00425", field: "number", message: "Numero fattura non valido" });
  if (doc.issueDate > input.today)
    out.push({ code: "00403", field: "issueDate", message: "La data della fattura è nel futuro" });
  if (!/^[0-9A-Z]{5}$/.test(doc.progressive))
    out.push({ code: "00001", field: "progressive", message: "Progressivo del file non valido" });
  if (doc.lines.length === 0) out.push({ code: "00200", field: "lines", message: "La fattura non ha righe" });
  for (const [i, line] of doc.lines.entries()) {
    const n = i + 1;
    if (isZeroMoney(line.rate) && !line.natura)
      out.push({ code: "00400", field: `lines.${n}`, message: `Riga ${n}: aliquota 0 senza natura` });
    if (!isZeroMoney(line.rate) && line.natura)
      out.push({ code: "00401", field: `lines.${n}`, message: `Riga ${n}: natura con aliquota diversa da 0` });
    const expected = lineTotal(line.quantity, line.unitPrice);
    if (abs(subMoney(expected, line.total)) > 1n) {
      out.push({
        code: "00423",
        field: `lines.${n}`,
        message: `Riga ${n}: prezzo totale diverso da quantità × prezzo unitario`,
      });
    }
    if (!toLatin1(line.description))
      out.push({ code: "00200", field: `lines.${n}`, message: `Riga ${n}: descrizione vuota` });
    if (fatturaLength(line.description) > FATTURA_LIMITS.descrizione)
      out.push({
        code: "dati",
        field: `lines.${n}`,
        message: `Riga ${n}: descrizione oltre ${FATTURA_LIMITS.descrizione} caratteri`,
      });
    if (line.unit && toAscii(line.unit).length > FATTURA_LIMITS.unitaMisura)
      out.push({
        code: "dati",
        field: `lines.${n}`,
        message: `Riga ${n}: unità di misura oltre ${FATTURA_LIMITS.unitaMisura} caratteri`,
      });
  }
  return out;
}

const abs = (money: string) => {
  const c = toCents(money);
  return c < 0n ? -c : c;
};

// ---- XML ----------------------------------------------------------------------------------

const el = (name: string, value: string | null | undefined) =>
  value == null || value === "" ? "" : `<${name}>${value}</${name}>`;

function sede(p: FpParty): string {
  return (
    "<Sede>" +
    el("Indirizzo", latin(p.address ?? "")) +
    el("CAP", p.zipCode) +
    el("Comune", latin(p.city ?? "")) +
    el("Provincia", p.province?.toUpperCase()) +
    el("Nazione", "IT") +
    "</Sede>"
  );
}

function anagrafica(p: FpParty) {
  return `<Anagrafica>${el("Denominazione", latin(p.name))}</Anagrafica>`;
}

/** Builds the FPR12/FPA12 document. Call fatturaPaProblems first: this assumes the data passed. */
export function buildFatturaPa(input: FpInput): { fileName: string; xml: string } {
  const { seller, buyer, document: doc } = input;
  const sellerVat = seller.vatNumber!;
  const pa = doc.formato === "FPA12";
  // A public body is reached through its office code (IPA); a private one by SDI code or PEC.
  const sdi = pa ? buyer.officeCode! : buyer.sdiCode && isValidSdiCode(buyer.sdiCode) ? buyer.sdiCode : "0000000";
  const pec = !pa && sdi === "0000000" && buyer.pec ? buyer.pec : null;

  const header =
    "<FatturaElettronicaHeader>" +
    "<DatiTrasmissione>" +
    `<IdTrasmittente>${el("IdPaese", "IT")}${el("IdCodice", sellerVat)}</IdTrasmittente>` +
    el("ProgressivoInvio", doc.progressive) +
    el("FormatoTrasmissione", doc.formato) +
    el("CodiceDestinatario", sdi) +
    el("PECDestinatario", pec ? escapeXml(toAscii(pec)) : null) +
    "</DatiTrasmissione>" +
    "<CedentePrestatore><DatiAnagrafici>" +
    `<IdFiscaleIVA>${el("IdPaese", "IT")}${el("IdCodice", sellerVat)}</IdFiscaleIVA>` +
    el("CodiceFiscale", seller.fiscalCode) +
    anagrafica(seller) +
    el("RegimeFiscale", seller.regimeFiscale) +
    "</DatiAnagrafici>" +
    sede(seller) +
    (seller.phone || seller.email
      ? "<Contatti>" +
        el("Telefono", seller.phone ? escapeXml(toAscii(seller.phone).replace(/\s+/g, "")) : null) +
        el("Email", seller.email ? escapeXml(toAscii(seller.email)) : null) +
        "</Contatti>"
      : "") +
    "</CedentePrestatore>" +
    "<CessionarioCommittente><DatiAnagrafici>" +
    (buyer.vatNumber ? `<IdFiscaleIVA>${el("IdPaese", "IT")}${el("IdCodice", buyer.vatNumber)}</IdFiscaleIVA>` : "") +
    el("CodiceFiscale", buyer.fiscalCode) +
    anagrafica(buyer) +
    "</DatiAnagrafici>" +
    sede(buyer) +
    "</CessionarioCommittente>" +
    "</FatturaElettronicaHeader>";

  // Notes of any length become as many 200-character Causale blocks as they need: never cut.
  const causali = doc.notes ? chunk(toLatin1(doc.notes), FATTURA_LIMITS.causale) : [];
  const r = doc.ritenuta;
  const contract = doc.contract;
  const generali =
    "<DatiGenerali><DatiGeneraliDocumento>" +
    el("TipoDocumento", doc.type) +
    el("Divisa", "EUR") +
    el("Data", doc.issueDate) +
    el("Numero", escapeXml(toAscii(doc.number))) +
    (r
      ? "<DatiRitenuta>" +
        el("TipoRitenuta", r.tipo) +
        el("ImportoRitenuta", r.importo) +
        el("AliquotaRitenuta", r.aliquota) +
        el("CausalePagamento", r.causalePagamento) +
        "</DatiRitenuta>"
      : "") +
    (isZeroMoney(doc.stampDuty)
      ? ""
      : `<DatiBollo>${el("BolloVirtuale", "SI")}${el("ImportoBollo", doc.stampDuty)}</DatiBollo>`) +
    el("ImportoTotaleDocumento", doc.total) +
    causali.map((c) => el("Causale", escapeXml(c))).join("") +
    "</DatiGeneraliDocumento>" +
    (contract && (pa || contract.cig || contract.cup)
      ? "<DatiContratto>" +
        el("IdDocumento", escapeXml(toAscii(contract.number))) +
        el("Data", contract.date) +
        el("CodiceCUP", contract.cup) +
        el("CodiceCIG", contract.cig) +
        "</DatiContratto>"
      : "") +
    (doc.linked
      ? "<DatiFattureCollegate>" +
        el("IdDocumento", escapeXml(toAscii(doc.linked.number))) +
        el("Data", doc.linked.issueDate) +
        "</DatiFattureCollegate>"
      : "") +
    (doc.salPhase ? `<DatiSAL>${el("RiferimentoFase", String(doc.salPhase))}</DatiSAL>` : "") +
    "</DatiGenerali>";

  const lines = doc.lines
    .map(
      (line, i) =>
        "<DettaglioLinee>" +
        el("NumeroLinea", String(i + 1)) +
        el("Descrizione", latin(line.description)) +
        el("Quantita", line.quantity) +
        el("UnitaMisura", line.unit ? escapeXml(toAscii(line.unit)) : null) +
        el("PrezzoUnitario", line.unitPrice) +
        el("PrezzoTotale", line.total) +
        el("AliquotaIVA", line.rate) +
        el("Ritenuta", line.ritenuta ? "SI" : null) +
        el("Natura", line.natura) +
        "</DettaglioLinee>",
    )
    .join("");
  const riepilogo = doc.summaries
    .map(
      (s) =>
        "<DatiRiepilogo>" +
        el("AliquotaIVA", s.rate) +
        el("Natura", s.natura) +
        el("ImponibileImporto", s.imponibile) +
        el("Imposta", s.imposta) +
        // Amounts without VAT carry no esigibilità; S (split payment) only where VAT is charged (00420).
        (s.natura ? "" : el("EsigibilitaIVA", s.esigibilita)) +
        el("RiferimentoNormativo", s.riferimentoNormativo ? latin(s.riferimentoNormativo) : null) +
        "</DatiRiepilogo>",
    )
    .join("");

  const pagamento =
    "<DatiPagamento>" +
    el("CondizioniPagamento", "TP02") +
    "<DettaglioPagamento>" +
    el("ModalitaPagamento", "MP05") +
    el("DataScadenzaPagamento", doc.dueDate) +
    el("ImportoPagamento", doc.netToPay) +
    el("IBAN", seller.iban?.replace(/\s+/g, "").toUpperCase()) +
    "</DettaglioPagamento></DatiPagamento>";

  const xml =
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<p:FatturaElettronica versione="${doc.formato}" xmlns:p="http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2" xmlns:ds="http://www.w3.org/2000/09/xmldsig#">` +
    header +
    "<FatturaElettronicaBody>" +
    generali +
    `<DatiBeniServizi>${lines}${riepilogo}</DatiBeniServizi>` +
    // A credit note asks for no payment: the block is optional and would read as a debt.
    (doc.type === "TD04" ? "" : pagamento) +
    "</FatturaElettronicaBody>" +
    "</p:FatturaElettronica>\n";
  return { fileName: fatturaFileName(sellerVat, doc.progressive), xml };
}

function chunk(text: string, size: number): string[] {
  const chars = [...text];
  const out: string[] = [];
  for (let i = 0; i < chars.length; i += size) out.push(chars.slice(i, i + size).join(""));
  return out;
}
