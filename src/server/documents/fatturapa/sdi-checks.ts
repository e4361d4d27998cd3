// The SdI's own rejection checks ("scarti", Allegato A of the Specifiche tecniche, listed with
// their tolerances in schema/SOURCES.md's companion research notes) that the XSD cannot express.
// They run on the FatturaPA text itself, the exact bytes that will be stored and sent, so a bug
// in the builder is caught here too, not by the SdI a day later.
//
// Checks that need the Anagrafe Tributaria online (00300–00327, 00311/00312) or concern
// document types Colmo never writes (TD16–TD29: 00471–00476) are not here; the file name and
// size rules (00001–00003) belong to the name builder.

export interface SdiProblem {
  /** SdI error code, e.g. "00421". */
  code: string;
  /** Where in the file, e.g. "DatiRiepilogo[1].Imposta". */
  field: string;
  /** Italian, for the user. */
  message: string;
}

// ---- a tiny reader for the flat, attribute-free child elements of FatturaPA -----------------

function blocks(xml: string, tag: string): string[] {
  return [...xml.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, "g"))].map((m) => m[1]!);
}
function value(xml: string, tag: string): string | null {
  const m = new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(xml);
  return m ? m[1]!.trim() : null;
}
const attribute = (xml: string, name: string) => new RegExp(`${name}="([^"]*)"`).exec(xml)?.[1] ?? null;

// ---- exact decimals: FatturaPA amounts have at most 8 decimals --------------------------------

const SCALE = 8;
const ONE = 10n ** BigInt(SCALE);

/** "12.345" → 1234500000n (scale 8); null when it is not a decimal number. */
export function toScaled(text: string | null): bigint | null {
  if (text == null) return null;
  const m = /^(-?)(\d+)(?:\.(\d{1,8}))?$/.exec(text.trim());
  if (!m) return null;
  const n = BigInt(m[2]!) * ONE + BigInt((m[3] ?? "").padEnd(SCALE, "0") || "0");
  return m[1] ? -n : n;
}
const abs = (n: bigint) => (n < 0n ? -n : n);
const CENT = ONE / 100n;
/** Divides and rounds half away from zero (the SdI's ROUND_HALF_UP on amounts of either sign). */
function divRound(n: bigint, d: bigint): bigint {
  const q = abs(n) / d;
  const r = abs(n) % d;
  const rounded = r * 2n >= d ? q + 1n : q;
  return n < 0n ? -rounded : rounded;
}
const euro = (scaled: bigint) => {
  const cents = divRound(scaled, CENT);
  const s = abs(cents).toString().padStart(3, "0");
  return `${cents < 0n ? "-" : ""}${s.slice(0, -2)}.${s.slice(-2)}`;
};

const GENERIC_NATURA = new Set(["N2", "N3", "N6"]);
const isZero = (rate: bigint | null) => rate === 0n;

/**
 * Every SdI check that applies to Colmo's invoices, on the FatturaPA text; empty when the file
 * would pass. `today` is the day it is stored (00403: the date may not follow the receipt).
 */
export function sdiProblems(xml: string, today: string): SdiProblem[] {
  const out: SdiProblem[] = [];
  const add = (code: string, field: string, message: string) => out.push({ code, field, message });

  // 00428: FormatoTrasmissione equals the root's versione.
  const versione = attribute(xml, "versione");
  const formato = value(xml, "FormatoTrasmissione");
  if (versione !== formato)
    add(
      "00428",
      "FormatoTrasmissione",
      `Formato di trasmissione ${formato ?? "assente"} diverso dalla versione ${versione ?? "assente"}`,
    );

  // 00427: a private (FPR12) invoice needs a 7-character CodiceDestinatario.
  const destinatario = value(xml, "CodiceDestinatario");
  if (formato === "FPR12" && (destinatario == null || destinatario.length !== 7))
    add("00427", "CodiceDestinatario", "Il codice destinatario SDI deve avere 7 caratteri");

  // 00417: the buyer is identified by a partita IVA or a codice fiscale.
  const buyer = blocks(xml, "CessionarioCommittente")[0] ?? "";
  if (!buyer.includes("<IdFiscaleIVA>") && !value(buyer, "CodiceFiscale"))
    add("00417", "CessionarioCommittente.CodiceFiscale", "Cliente: serve la partita IVA o il codice fiscale");

  for (const [i, doc] of blocks(xml, "DatiGeneraliDocumento").entries()) {
    const at = (f: string) => (i === 0 ? f : `DatiGeneraliDocumento[${i + 1}].${f}`);
    // 00425: the number carries at least one digit.
    const numero = value(doc, "Numero");
    if (!numero || !/\d/.test(numero))
      add("00425", at("Numero"), "Il numero della fattura deve contenere almeno una cifra");
    // 00403: not dated after the day the SdI receives it.
    const data = value(doc, "Data");
    if (!data || data > today) add("00403", at("Data"), "La data della fattura non può essere nel futuro");
  }

  const lines = blocks(xml, "DettaglioLinee");
  const used = new Map<string, bigint>();
  for (const [i, line] of lines.entries()) {
    const n = i + 1;
    const f = (tag: string) => `DettaglioLinee[${n}].${tag}`;
    const rate = toScaled(value(line, "AliquotaIVA"));
    const natura = value(line, "Natura");
    // 00400 / 00401: natura if and only if the rate is zero.
    if (isZero(rate) && !natura) add("00400", f("Natura"), `Riga ${n}: aliquota IVA 0 senza natura`);
    if (!isZero(rate) && natura) add("00401", f("Natura"), `Riga ${n}: natura indicata con aliquota IVA diversa da 0`);
    // 00445: generic natura codes are no longer accepted.
    if (natura && GENERIC_NATURA.has(natura))
      add("00445", f("Natura"), `Riga ${n}: natura ${natura} generica non più ammessa`);
    // 00437 / 00438: a discount or surcharge needs its percentage or amount.
    for (const sconto of blocks(line, "ScontoMaggiorazione"))
      if (value(sconto, "Tipo") && !value(sconto, "Percentuale") && !value(sconto, "Importo"))
        add("00437", f("ScontoMaggiorazione"), `Riga ${n}: sconto o maggiorazione senza percentuale né importo`);
    // 00423: PrezzoTotale = PrezzoUnitario × Quantita (1 when absent), ±0.01.
    const unit = toScaled(value(line, "PrezzoUnitario"));
    const total = toScaled(value(line, "PrezzoTotale"));
    const quantity = value(line, "Quantita") == null ? ONE : toScaled(value(line, "Quantita"));
    if (unit != null && total != null && quantity != null && blocks(line, "ScontoMaggiorazione").length === 0) {
      const expected = divRound(unit * quantity, ONE);
      if (abs(expected - total) > CENT)
        add(
          "00423",
          f("PrezzoTotale"),
          `Riga ${n}: prezzo totale ${euro(total)} diverso da quantità × prezzo unitario (${euro(expected)})`,
        );
    }
    const key = `${rate ?? "?"}|${natura ?? ""}`;
    used.set(key, (used.get(key) ?? 0n) + (total ?? 0n));
  }

  // 00411: a line subject to ritenuta needs DatiRitenuta.
  if (lines.some((l) => value(l, "Ritenuta") === "SI") && !xml.includes("<DatiRitenuta>"))
    add("00411", "DatiRitenuta", "Righe soggette a ritenuta senza i dati della ritenuta");
  // 00415: DatiRitenuta needs at least one line subject to it.
  if (xml.includes("<DatiRitenuta>") && !lines.some((l) => value(l, "Ritenuta") === "SI"))
    add("00415", "DatiRitenuta", "Dati della ritenuta senza righe soggette a ritenuta");

  const summaries = blocks(xml, "DatiRiepilogo");
  const summarised = new Set<string>();
  for (const [i, s] of summaries.entries()) {
    const n = i + 1;
    const f = (tag: string) => `DatiRiepilogo[${n}].${tag}`;
    const rate = toScaled(value(s, "AliquotaIVA"));
    const natura = value(s, "Natura");
    // 00429 / 00430: the same natura rule on the summaries.
    if (isZero(rate) && !natura) add("00429", f("Natura"), `Riepilogo ${n}: aliquota IVA 0 senza natura`);
    if (!isZero(rate) && natura)
      add("00430", f("Natura"), `Riepilogo ${n}: natura indicata con aliquota IVA diversa da 0`);
    // 00420: reverse charge (N6.x) is never split payment.
    if (natura?.startsWith("N6") && value(s, "EsigibilitaIVA") === "S")
      add("00420", f("EsigibilitaIVA"), `Riepilogo ${n}: inversione contabile con scissione dei pagamenti`);
    const key = `${rate ?? "?"}|${natura ?? ""}`;
    summarised.add(key);
    const imponibile = toScaled(value(s, "ImponibileImporto"));
    const imposta = toScaled(value(s, "Imposta"));
    // 00422: ImponibileImporto = Σ PrezzoTotale at this rate and natura (+ Arrotondamento), ±1.00.
    if (imponibile != null) {
      const expected = (used.get(key) ?? 0n) + (toScaled(value(s, "Arrotondamento")) ?? 0n);
      if (abs(expected - imponibile) > ONE)
        add(
          "00422",
          f("ImponibileImporto"),
          `Riepilogo ${n}: imponibile ${euro(imponibile)} diverso dalla somma delle righe (${euro(expected)})`,
        );
    }
    // 00421: Imposta = round-half-up(AliquotaIVA × ImponibileImporto / 100), ±0.01.
    if (imponibile != null && imposta != null && rate != null) {
      const expected = divRound(imponibile * rate, ONE * 100n * CENT) * CENT;
      if (abs(expected - imposta) > CENT)
        add(
          "00421",
          f("Imposta"),
          `Riepilogo ${n}: imposta ${euro(imposta)} diversa da aliquota × imponibile (${euro(expected)})`,
        );
    }
  }
  // 00419 / 00443 / 00444: one summary for every rate and natura the lines use.
  for (const key of used.keys()) {
    if (summarised.has(key)) continue;
    const [rate, natura] = key.split("|");
    const label = natura ? `natura ${natura}` : `aliquota ${rate === "?" ? "assente" : euro(BigInt(rate!)) + " %"}`;
    add(natura ? "00444" : "00419", "DatiRiepilogo", `Manca il riepilogo per ${label} usata nelle righe`);
  }
  return out;
}
