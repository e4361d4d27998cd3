export { a4Document, renderPdf, COLORS, type PdfOptions } from "./render";
export { LAYOUT } from "./theme";
export {
  addressLine,
  documentHeading,
  letterhead,
  lineVatLabel,
  linesTable,
  partyBlock,
  signatureBlock,
  textSection,
  totalsBlock,
  type CompanyInfo,
  type PartyInfo,
  type PdfLine,
  type Signature,
  type TotalsInput,
} from "./blocks";
export { companyLogo } from "./logo";
