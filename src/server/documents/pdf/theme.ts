import type { CustomTableLayout } from "pdfmake/interfaces";

// Colours and table layouts every document shares. Layouts are functions, and functions cannot
// cross to the rendering worker thread: blocks name a layout ("colmoBox"), the worker registers
// these functions under those names before rendering.

export const COLORS = { text: "#1f2937", muted: "#6b7280", line: "#d1d5db", accent: "#9a3412", headerFill: "#f3f4f6" } as const;

/** Names of the shared table layouts, as a block writes them in `layout`. */
export const LAYOUT = {
  /** Thin grey grid (party box, VAT summary, order lines). */
  box: "colmoBox",
  /** Lines table: horizontal rules under every row but the header, no verticals. */
  lines: "colmoLines",
  /** Totals: a single rule above the grand total. */
  totals: "colmoTotals",
} as const;

export const TABLE_LAYOUTS: Record<(typeof LAYOUT)[keyof typeof LAYOUT], CustomTableLayout> = {
  colmoBox: { hLineColor: () => COLORS.line, vLineColor: () => COLORS.line },
  colmoLines: {
    hLineWidth: (i: number) => (i === 0 ? 0 : 0.5),
    vLineWidth: () => 0,
    hLineColor: () => COLORS.line,
    paddingTop: () => 4,
    paddingBottom: () => 4,
  },
  colmoTotals: {
    hLineWidth: (i: number, node) => (i === node.table.body.length - 1 ? 0.8 : 0),
    vLineWidth: () => 0,
    hLineColor: () => COLORS.text,
  },
};
