// Option lists of docs/domain/screens.md.
export const serviceUnits = ["mq", "ml", "pz", "ore", "kg", "m3"] as const;
export const serviceCategories = ["Coperture", "Impermeabilizzazione", "Manutenzione", "Isolamento", "Accessori"] as const;
export const surveyTypes = ["preliminare", "tecnico", "verifica", "perizia", "collaudo", "manutenzione"] as const;
export const urgencyLevels = ["bassa", "media", "alta", "critica"] as const;
export const estimatedDurations = ["0.5 ore", "1 ora", "1.5 ore", "2 ore", "3 ore", "4 ore", "Giornata intera"] as const;
/** The stored value with an Italian decimal comma: "0.5 ore" -> "0,5 ore". */
export const estimatedDurationLabel = (value: string) => value.replace(/(\d)\.(\d)/g, "$1,$2");
export const weatherConditions = ["sereno", "nuvoloso", "piovoso", "nebbioso", "ventoso", "neve"] as const;
export const siteWorkTypes = [
  "ristrutturazione",
  "nuova_costruzione",
  "manutenzione",
  "demolizione",
  "rifacimento_tetto",
  "impermeabilizzazione",
  "isolamento",
] as const;
export const DEFAULT_WORKING_HOURS = "08:00-17:00";
export const DEFAULT_VALIDITY_DAYS = 30;
export const MATERIALS_SHARE_PERCENT = 60;
export const EXPIRING_SOON_DAYS = 7;
export const SLOW_PROGRESS_THRESHOLD = 10;
