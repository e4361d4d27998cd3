// Plausible Italian names and places for demo data.
export const firstNames = [
  "Marco", "Giulia", "Luca", "Francesca", "Alessandro", "Chiara", "Andrea", "Sara", "Matteo", "Valentina",
  "Lorenzo", "Elena", "Davide", "Martina", "Simone", "Federica", "Paolo", "Silvia", "Stefano", "Laura",
  "Giovanni", "Anna", "Roberto", "Maria", "Fabio", "Elisa", "Riccardo", "Alessia", "Giorgio", "Paola",
];
export const lastNames = [
  "Rossi", "Russo", "Ferrari", "Esposito", "Bianchi", "Romano", "Colombo", "Ricci", "Marino", "Greco",
  "Bruno", "Gallo", "Conti", "De Luca", "Mancini", "Costa", "Giordano", "Rizzo", "Lombardi", "Moretti",
  "Barbieri", "Fontana", "Santoro", "Mariani", "Rinaldi", "Caruso", "Ferrara", "Galli", "Martini", "Leone",
];
export const companyWords = [
  "Edil", "Costruzioni", "Immobiliare", "Tecno", "Casa", "Habitat", "Green", "Nord", "Alpi", "Lario",
  "Brianza", "Padana", "Serravalle", "Martesana", "Adda", "Ticino", "Sempione", "Navigli", "Brera", "Duomo",
];
export const condoNames = ["Aurora", "Le Querce", "I Tigli", "Belvedere", "San Marco", "Il Parco", "Le Rose", "Primavera", "Miramonti", "Villa Verde"];
export const streets = [
  "Via Roma", "Via Garibaldi", "Corso Italia", "Via Mazzini", "Via Verdi", "Viale Europa", "Via Dante", "Via Manzoni",
  "Via Cavour", "Piazza della Libertà", "Via dei Mille", "Via Volta", "Via Leopardi", "Via Matteotti", "Via XX Settembre",
];
/** City, province sigla, CAP. */
export const cities: [string, string, string][] = [
  ["Milano", "MI", "20121"], ["Monza", "MB", "20900"], ["Bergamo", "BG", "24121"], ["Brescia", "BS", "25121"],
  ["Como", "CO", "22100"], ["Lecco", "LC", "23900"], ["Varese", "VA", "21100"], ["Pavia", "PV", "27100"],
  ["Lodi", "LO", "26900"], ["Cremona", "CR", "26100"], ["Sondrio", "SO", "23100"], ["Mantova", "MN", "46100"],
  ["Novara", "NO", "28100"], ["Piacenza", "PC", "29121"], ["Torino", "TO", "10121"], ["Verona", "VR", "37121"],
];
