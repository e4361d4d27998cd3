import fs from "node:fs";
import path from "node:path";
import { validateXML } from "xmllint-wasm";
import { runtimePaths } from "../../paths";

/**
 * The official FPR12 schema, byte for byte inside the repository (schema/SOURCES.md): every
 * FatturaPA is validated against it before it is stored, in production as in the tests.
 */
export const FATTURAPA_SCHEMA_DIR = runtimePaths.fatturapaSchema;

const MAIN = "Schema_VFPR12_v1.2.3.xsd";
const DSIG = "xmldsig-core-schema.xsd";

let cached: { main: string; dsig: string } | null = null;
function schemaFiles() {
  cached ??= {
    main: fs.readFileSync(path.join(FATTURAPA_SCHEMA_DIR, MAIN), "utf8"),
    dsig: fs.readFileSync(path.join(FATTURAPA_SCHEMA_DIR, DSIG), "utf8"),
  };
  return cached;
}

/**
 * The official schema imports xmldsig from a W3C URL, and validation must work offline without
 * editing it: a wrapper schema imports the local xmldsig first, so libxml2 skips the URL import
 * of an already-known namespace (the same job catalog.xml does for the command-line xmllint).
 */
const WRAPPER = `<?xml version="1.0" encoding="UTF-8"?>
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:colmo:fatturapa-wrapper">
  <xs:import namespace="http://www.w3.org/2000/09/xmldsig#" schemaLocation="${DSIG}"/>
  <xs:import namespace="http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2" schemaLocation="${MAIN}"/>
</xs:schema>`;

/** Validates a FatturaPA document against the XSD; returns the error messages (empty when valid). */
export async function validateFatturaPa(xml: string, fileName = "fattura.xml"): Promise<string[]> {
  const { main, dsig } = schemaFiles();
  const result = await validateXML({
    xml: [{ fileName, contents: xml }],
    schema: [{ fileName: "wrapper.xsd", contents: WRAPPER }],
    preload: [
      { fileName: MAIN, contents: main },
      { fileName: DSIG, contents: dsig },
    ],
  });
  return result.valid ? [] : result.errors.map((e) => e.message);
}
