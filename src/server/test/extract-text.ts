// Test helper: the text of a PDF, page by page, through pdf.js (legacy build, runs on Node 20
// without a worker or canvas). Used by API tests to check what a generated document says.
// pdfjs-dist is a devDependency: never import this file from production code.

export async function extractPdfText(pdf: Buffer | Uint8Array): Promise<string[]> {
  const { getDocument } = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const doc = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, isEvalSupported: false, verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const content = await page.getTextContent();
    let text = "";
    for (const item of content.items) {
      if ("str" in item) text += item.str + (item.hasEOL ? "\n" : " ");
    }
    pages.push(text.replace(/[ \t]+/g, " "));
  }
  await doc.destroy();
  return pages;
}

/**
 * All pages as one string with every run of whitespace (line wraps included) collapsed to one
 * space, for "contains" assertions that must not depend on where a cell wrapped.
 */
export async function pdfText(pdf: Buffer | Uint8Array): Promise<string> {
  return (await extractPdfText(pdf)).join(" ").replace(/\s+/g, " ");
}
