import { services } from "../../db/schema";
import { insertBatched, type DemoContext } from "../../demo/context";

type Row = [name: string, category: string, unit: string, price: string, description: string, status?: "inattivo"];

/** A roofer's real price list; a couple of discontinued items show the inattivo state. */
const catalogue: Row[] = [
  ["Rifacimento manto in coppi", "Coperture", "mq", "68.00", "Rimozione e posa di coppi nuovi su listellatura in legno"],
  ["Rifacimento manto in tegole portoghesi", "Coperture", "mq", "55.50", "Tegole in laterizio, colmi e pezzi speciali compresi"],
  ["Copertura in lamiera grecata coibentata", "Coperture", "mq", "49.90", "Pannello sandwich sp. 40 mm, fissaggi e lattonerie di testa"],
  ["Ripassatura manto di copertura", "Manutenzione", "mq", "18.00", "Sostituzione tegole rotte e riposizionamento di quelle scivolate"],
  ["Pulizia grondaie e pluviali", "Manutenzione", "ml", "6.50", "Rimozione foglie e detriti, verifica degli scarichi"],
  ["Sostituzione grondaia in rame", "Accessori", "ml", "42.00", "Grondaia sviluppo 33 cm con staffe e testate"],
  ["Pluviale in lamiera preverniciata", "Accessori", "ml", "24.00", "Diametro 80 mm, collari e curve"],
  ["Guaina bituminosa ardesiata", "Impermeabilizzazione", "mq", "22.00", "Membrana 4 kg/mq, posa a fiamma con sormonti di 10 cm"],
  ["Doppia guaina armata poliestere", "Impermeabilizzazione", "mq", "31.50", "Due strati incrociati per terrazzi praticabili"],
  ["Impermeabilizzazione con resina poliuretanica", "Impermeabilizzazione", "mq", "38.00", "Ciclo liquido armato con tessuto non tessuto"],
  ["Isolamento sottotegola in lana di roccia", "Isolamento", "mq", "29.00", "Pannelli sp. 100 mm con barriera al vapore"],
  ["Isolamento in fibra di legno", "Isolamento", "mq", "41.00", "Pannelli ad alta densità sp. 120 mm"],
  ["Linea vita in acciaio inox", "Accessori", "pz", "1450.00", "Sistema anticaduta certificato UNI EN 795 con ancoraggi"],
  ["Finestra per tetti 78x118", "Accessori", "pz", "620.00", "Fornitura e posa con raccordo e guarnizioni"],
  ["Smaltimento lastre in cemento amianto", "Coperture", "mq", "27.00", "Bonifica con piano di lavoro ASL e trasporto in discarica"],
  ["Ponteggio perimetrale", "Accessori", "mq", "9.50", "Montaggio, noleggio 30 giorni e smontaggio"],
  ["Manodopera specializzata", "Manutenzione", "ore", "38.00", "Copritetto qualificato"],
  ["Trattamento antimuschio", "Manutenzione", "mq", "4.20", "Lavaggio a bassa pressione e biocida"],
  ["Lattoneria in zinco-titanio", "Accessori", "kg", "14.80", "Scossaline e converse su misura"],
  ["Massetto di pendenza alleggerito", "Impermeabilizzazione", "m3", "185.00", "Calcestruzzo cellulare per la pendenza dei terrazzi"],
  ["Tegola canadese", "Coperture", "mq", "35.00", "Linea fuori produzione presso il fornitore", "inattivo"],
  ["Guaina liquida acrilica", "Impermeabilizzazione", "mq", "16.00", "Sostituita dal ciclo poliuretanico", "inattivo"],
];

export async function seedServices(ctx: DemoContext) {
  const rows: (typeof services.$inferInsert)[] = [];
  for (let copy = 0; copy < ctx.scale; copy++) {
    for (const [name, category, unit, price, description, status] of catalogue) {
      rows.push({
        name: copy === 0 ? name : `${name} (listino ${copy + 1})`,
        category,
        unit,
        unitPrice: price,
        description,
        status: status ?? "attivo",
        notes: ctx.random.chance(0.2) ? "Prezzo aggiornato al listino fornitore di gennaio." : null,
      });
    }
  }
  ctx.ids.services = [];
  ctx.ids.activeServices = [];
  await insertBatched(rows, async (batch) => {
    const inserted = await ctx.db.insert(services).values(batch).returning({ id: services.id, status: services.status });
    for (const r of inserted) {
      ctx.ids.services!.push(r.id);
      if (r.status === "attivo") ctx.ids.activeServices!.push(r.id);
    }
  });
}
