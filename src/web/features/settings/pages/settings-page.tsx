import { Card, CardContent } from "@web/components/ui/card";
import { PageHeader } from "@web/components/ui/page-header";
import { Skeleton } from "@web/components/ui/skeleton";
import { toastSuccess } from "@web/components/ui/toast";
import { useSaveSettings, useSettings } from "../api/settings";
import { LogoCard } from "../components/logo-card";
import { SettingsForm } from "../components/settings-form";
import { SettingsTabs } from "@web/components/settings-tabs";

export default function SettingsPage() {
  const { data, isPending, isError } = useSettings();
  const save = useSaveSettings();
  return (
    <>
      <PageHeader
        title="Impostazioni"
        description="Dati aziendali usati nella pagina iniziale, nel portale clienti, nei PDF e nelle fatture elettroniche."
      />
      <SettingsTabs />
      {isError ? (
        <p role="alert" className="text-destructive">
          Impossibile caricare le impostazioni. Riprova.
        </p>
      ) : isPending ? (
        <div className="space-y-4" aria-busy="true">
          <Skeleton className="h-32 w-full" />
          <Skeleton className="h-96 w-full" />
        </div>
      ) : (
        <div className="max-w-4xl space-y-6">
          <LogoCard settings={data} />
          <Card>
            <CardContent className="pt-4 sm:pt-6">
              <SettingsForm
                key={data.updatedAt}
                settings={data}
                onSubmit={async (values) => {
                  await save.mutateAsync(values);
                  toastSuccess("Impostazioni salvate");
                }}
              />
            </CardContent>
          </Card>
        </div>
      )}
    </>
  );
}
