import { createRequire } from "node:module";
import path from "node:path";
import pdfmake from "pdfmake";
import type { Content, TDocumentDefinitions } from "pdfmake/interfaces";

// pdfmake 0.3 on Node: one shared instance, Roboto TTFs from the package embedded in every
// PDF (so "è", "à", "€" always print right, whatever the reader has installed), no network
// and no file access beyond the font folder.

const require = createRequire(import.meta.url);
const fontDir = path.join(path.dirname(require.resolve("pdfmake/package.json")), "fonts", "Roboto");

let configured = false;
function configure() {
  if (configured) return;
  pdfmake.setFonts({
    Roboto: {
      normal: path.join(fontDir, "Roboto-Regular.ttf"),
      bold: path.join(fontDir, "Roboto-Medium.ttf"),
      italics: path.join(fontDir, "Roboto-Italic.ttf"),
      bolditalics: path.join(fontDir, "Roboto-MediumItalic.ttf"),
    },
  });
  // Images come in as data URLs or Buffers we loaded ourselves; a document never fetches anything.
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy((file) => path.resolve(file).startsWith(fontDir));
  configured = true;
}

export const COLORS = { text: "#1f2937", muted: "#6b7280", line: "#d1d5db", accent: "#9a3412", headerFill: "#f3f4f6" } as const;

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

/** A4 portrait with margins, base styles, metadata and a "Pagina X di Y" footer. */
export function a4Document(content: Content, options: PdfOptions): TDocumentDefinitions {
  return {
    pageSize: "A4",
    pageMargins: [40, 40, 40, 50],
    info: { title: options.title, author: options.author ?? "", creator: "Colmo" },
    defaultStyle: { font: "Roboto", fontSize: 9, color: COLORS.text, lineHeight: 1.15 },
    styles: { ...baseStyles, ...options.styles },
    content,
    footer: (currentPage: number, pageCount: number) => ({
      columns: [
        { text: options.author ?? "", style: "small" },
        { text: `Pagina ${currentPage} di ${pageCount}`, style: "small", alignment: "right" },
      ],
      margin: [40, 15, 40, 0],
    }),
  };
}

/** Renders a document definition to PDF bytes. */
export async function renderPdf(docDefinition: TDocumentDefinitions): Promise<Buffer> {
  configure();
  return pdfmake.createPdf(docDefinition).getBuffer();
}
