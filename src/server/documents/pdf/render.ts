import type { Content, TDocumentDefinitions } from "pdfmake/interfaces";
import { renderInPool } from "./pool";
import { COLORS } from "./theme";

export { COLORS } from "./theme";

/** Styles every block relies on; a document may add its own. */
export const baseStyles: TDocumentDefinitions["styles"] = {
  companyName: { fontSize: 14, bold: true, color: COLORS.accent },
  small: { fontSize: 8, color: COLORS.muted },
  muted: { color: COLORS.muted },
  docTitle: { fontSize: 16, bold: true },
  sectionTitle: { fontSize: 10, bold: true, margin: [0, 10, 0, 4] },
  tableHeader: { bold: true, fontSize: 9, fillColor: COLORS.headerFill },
  totalLabel: { alignment: "right" },
  totalValue: { alignment: "right" },
  grandTotal: { bold: true, fontSize: 11 },
};

export interface PdfOptions {
  /** Document title in the PDF metadata, e.g. "Preventivo PRV-2026-001". */
  title: string;
  /** Company name for the metadata and the footer. */
  author?: string;
  /** Extra styles merged over the base ones. */
  styles?: TDocumentDefinitions["styles"];
}

/**
 * A4 portrait with margins, base styles and metadata. The definition is plain data (no
 * functions: table layouts are named, see theme.ts) because it is rendered in a worker
 * thread; the worker adds the "author · Pagina X di Y" footer from `info.author`.
 */
export function a4Document(content: Content, options: PdfOptions): TDocumentDefinitions {
  return {
    pageSize: "A4",
    pageMargins: [40, 40, 40, 50],
    info: { title: options.title, author: options.author ?? "", creator: "Colmo" },
    defaultStyle: { font: "Roboto", fontSize: 9, color: COLORS.text, lineHeight: 1.15 },
    styles: { ...baseStyles, ...options.styles },
    content,
  };
}

/** Renders a document definition to PDF bytes, in the PDF worker pool (off the request thread). */
export async function renderPdf(docDefinition: TDocumentDefinitions): Promise<Buffer> {
  return renderInPool(docDefinition);
}
