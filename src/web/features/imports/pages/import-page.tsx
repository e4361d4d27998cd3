import { CheckCircle2, FileUp, TriangleAlert } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { Link, useSearch } from "wouter";
import {
  importColumns,
  importIssueText,
  importKindLabels,
  importKindNouns,
  importKinds,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_ROWS,
  type ImportKind,
  type ImportResult,
} from "@domain/imports";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { Checkbox } from "@web/components/ui/checkbox";
import { Label } from "@web/components/ui/label";
import { PageHeader } from "@web/components/ui/page-header";
import { Select } from "@web/components/ui/select";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@web/components/ui/table";
import { toastSuccess } from "@web/components/ui/toast";
import { isApiError } from "@web/lib/api";
import { useImportFile } from "../api/import-file";
import { paths } from "@web/lib/paths";

const listPath: Record<ImportKind, string> = { clients: paths.admin.clients(), suppliers: paths.admin.suppliers(), services: paths.admin.services() };
const count = (kind: ImportKind, n: number) => `${n.toLocaleString("it-IT")} ${importKindNouns[kind][n === 1 ? 0 : 1]}`;
const rows = (n: number) => `${n.toLocaleString("it-IT")} ${n === 1 ? "riga" : "righe"}`;

/**
 * "Importa dati" (issue 28): clients, suppliers or services from CSV or .xlsx. The server checks
 * every row with the form's own rules; the preview lists each error by row and field, and the
 * import saves all rows or none, unless the user chooses to leave out the rows with errors.
 */
export default function ImportPage() {
  const search = new URLSearchParams(useSearch());
  const initial = importKinds.find((k) => k === search.get("kind")) ?? "clients";
  const [kind, setKind] = useState<ImportKind>(initial);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportResult | null>(null);
  const [done, setDone] = useState<ImportResult | null>(null);
  const [skipInvalid, setSkipInvalid] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const mutation = useImportFile();
  const ids = { kind: useId(), file: useId(), fileHelp: useId(), skip: useId(), error: useId() };

  const reset = () => {
    setPreview(null);
    setDone(null);
    setError(null);
    setSkipInvalid(false);
  };
  const run = async (commit: boolean) => {
    if (!file) {
      setError("File: scegli un file CSV o Excel (.xlsx)");
      return;
    }
    setError(null);
    try {
      const result = await mutation.mutateAsync({ kind, file, commit, skipInvalid });
      if (commit) {
        setDone(result);
        setPreview(null);
        toastSuccess(`Importati ${count(kind, result.created)}`);
      } else setPreview(result);
    } catch (e) {
      setError(isApiError(e) ? e.message : "Importazione non riuscita: riprova");
    }
  };
  const onPreview = (e: FormEvent) => {
    e.preventDefault();
    void run(false);
  };

  const canImport = !!preview && preview.valid > 0 && (preview.issueCount === 0 || skipInvalid);

  return (
    <>
      <PageHeader title="Importa dati" description="Clienti, fornitori e servizi da un file CSV o Excel (.xlsx)" />

      <Card className="mb-6">
        <CardHeader>
          <CardTitle>1. Scegli il file</CardTitle>
          <CardDescription>
            La prima riga contiene i nomi delle colonne. Al massimo {MAX_IMPORT_ROWS.toLocaleString("it-IT")} righe e{" "}
            {MAX_IMPORT_BYTES / 1024 / 1024} MB per file; nulla viene salvato prima della conferma.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form className="grid gap-4 sm:grid-cols-2" onSubmit={onPreview} noValidate>
            <div className="grid gap-2">
              <Label htmlFor={ids.kind}>Cosa importi</Label>
              <Select
                id={ids.kind}
                value={kind}
                onChange={(e) => {
                  setKind(e.target.value as ImportKind);
                  reset();
                }}
              >
                {importKinds.map((k) => (
                  <option key={k} value={k}>
                    {importKindLabels[k]}
                  </option>
                ))}
              </Select>
            </div>
            <div className="grid gap-2">
              <Label htmlFor={ids.file}>File CSV o Excel</Label>
              <input
                id={ids.file}
                type="file"
                accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                aria-describedby={ids.fileHelp}
                aria-invalid={error && !file ? true : undefined}
                className="block w-full min-w-0 rounded-md border border-input bg-background text-sm file:me-3 file:border-0 file:bg-muted file:px-3 file:py-2 file:text-sm file:font-medium focus-visible:outline-2 focus-visible:outline-ring"
                onChange={(e) => {
                  setFile(e.target.files?.[0] ?? null);
                  reset();
                }}
              />
            </div>
            <p id={ids.fileHelp} className="text-sm text-muted-foreground sm:col-span-2 wrap-anywhere">
              Colonne riconosciute: {importColumns[kind].map((c) => c.label).join(", ")}. La prima è obbligatoria; le altre
              colonne sono ignorate.
            </p>
            <div className="sm:col-span-2">
              <Button type="submit" disabled={mutation.isPending}>
                <FileUp aria-hidden className="size-4" />
                Anteprima
              </Button>
            </div>
          </form>
          {error ? (
            <p id={ids.error} role="alert" className="mt-4 flex gap-2 text-sm text-destructive wrap-anywhere">
              <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
              {error}
            </p>
          ) : null}
        </CardContent>
      </Card>

      {preview ? (
        <Card>
          <CardHeader>
            <CardTitle>2. Controlla e importa</CardTitle>
            <CardDescription aria-live="polite">
              {rows(preview.total)} nel file: {count(kind, preview.valid)} da importare
              {preview.invalid > 0 ? `, ${rows(preview.invalid)} con errori` : ", nessun errore"}.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            {preview.issues.length > 0 ? (
              <section aria-labelledby="import-errors">
                <h3 id="import-errors" className="mb-2 font-medium">
                  Errori ({preview.issueCount.toLocaleString("it-IT")})
                </h3>
                <ul className="max-h-72 list-disc space-y-1 overflow-y-auto ps-5 text-sm text-destructive">
                  {preview.issues.map((issue, i) => (
                    <li key={i} className="wrap-anywhere">
                      {importIssueText(issue)}
                    </li>
                  ))}
                </ul>
                {preview.issueCount > preview.issues.length ? (
                  <p className="mt-1 text-sm text-muted-foreground">
                    Mostrati i primi {preview.issues.length}: correggi il file e ripeti l'anteprima per vedere gli altri.
                  </p>
                ) : null}
              </section>
            ) : null}

            {preview.sample.length > 0 ? (
              <section aria-labelledby="import-sample">
                <h3 id="import-sample" className="mb-2 font-medium">
                  Prime righe da importare
                </h3>
                <Table scrollLabel="Prime righe da importare">
                  <TableHeader>
                    <TableRow>
                      {preview.columns.map((c) => (
                        <TableHead key={c} className="whitespace-nowrap">
                          {c}
                        </TableHead>
                      ))}
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {preview.sample.map((row, i) => (
                      <TableRow key={i}>
                        {preview.columns.map((c) => (
                          <TableCell key={c} className="whitespace-nowrap">
                            {row[c] ?? ""}
                          </TableCell>
                        ))}
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </section>
            ) : null}

            {preview.issueCount > 0 && preview.valid > 0 ? (
              <div className="flex items-start gap-2">
                <Checkbox id={ids.skip} checked={skipInvalid} onChange={(e) => setSkipInvalid(e.target.checked)} />
                <Label htmlFor={ids.skip} className="font-normal">
                  Salta le righe con errori e importa le altre {count(kind, preview.valid)}
                </Label>
              </div>
            ) : null}
            {preview.issueCount > 0 && !skipInvalid ? (
              <p className="text-sm text-muted-foreground">
                Con errori nel file non viene salvato nulla: correggi il file oppure scegli di saltare le righe con errori.
              </p>
            ) : null}
            <div>
              <Button type="button" disabled={!canImport || mutation.isPending} onClick={() => void run(true)}>
                Importa {count(kind, preview.valid)}
              </Button>
            </div>
          </CardContent>
        </Card>
      ) : null}

      {done ? (
        <Card>
          <CardContent className="flex flex-wrap items-center gap-3 pt-6" role="status">
            <CheckCircle2 aria-hidden className="size-5 text-green-700" />
            <p className="min-w-0 flex-1">
              Importati {count(kind, done.created)}
              {done.invalid > 0 ? ` (${rows(done.invalid)} con errori saltate)` : ""}.
            </p>
            <Link href={listPath[kind]} className="text-sm font-medium underline underline-offset-4">
              Vai a {importKindLabels[kind]}
            </Link>
          </CardContent>
        </Card>
      ) : null}
    </>
  );
}
