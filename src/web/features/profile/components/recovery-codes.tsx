import { Copy, Download } from "lucide-react";
import { Button } from "@web/components/ui/button";
import { toastError, toastSuccess } from "@web/components/ui/toast";

/** The ten recovery codes, shown once: copy them or save them as a text file. */
export function RecoveryCodes({ codes, account, onDone }: { codes: string[]; account: string; onDone: () => void }) {
  const text = `Codici di recupero per ${account}\nOgni codice vale una volta sola.\n\n${codes.join("\n")}\n`;
  return (
    <section
      aria-labelledby="codici-recupero"
      className="space-y-3 rounded-md border border-warning/50 bg-warning-soft/40 p-4"
    >
      <h3 id="codici-recupero" className="font-semibold">
        Codici di recupero
      </h3>
      <p className="text-sm">
        Salvali ora in un posto sicuro: <strong>non verranno più mostrati</strong>. Se perdi il telefono, ognuno di
        questi codici ti fa entrare una volta al posto del codice dell'app.
      </p>
      <ol
        className="grid grid-cols-2 gap-x-6 gap-y-1 font-mono text-base sm:grid-cols-5"
        aria-label="Codici di recupero"
      >
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ol>
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <Button
          type="button"
          variant="outline"
          onClick={() =>
            navigator.clipboard
              .writeText(text)
              .then(() => toastSuccess("Codici copiati"))
              .catch(() => toastError("Copia non riuscita: seleziona i codici e copiali a mano"))
          }
        >
          <Copy aria-hidden className="size-4" />
          Copia
        </Button>
        <Button
          type="button"
          variant="outline"
          onClick={() => {
            const url = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }));
            const a = document.createElement("a");
            a.href = url;
            a.download = `codici-di-recupero-${account}.txt`;
            a.click();
            URL.revokeObjectURL(url);
          }}
        >
          <Download aria-hidden className="size-4" />
          Scarica
        </Button>
        <Button type="button" onClick={onDone} className="sm:ml-auto">
          Ho salvato i codici
        </Button>
      </div>
    </section>
  );
}
