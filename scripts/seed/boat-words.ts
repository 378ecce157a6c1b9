import { int, pick } from './random';

// What this product's leads talk about: boats for sale, the brokers and marinas that sell them, and
// the people who want market data about them. English, and plausible to someone in the trade.

/** Makes with a few of their models, as listings name them. */
export const BOATS: Record<string, string[]> = {
  Beneteau: ['Oceanis 46.1', 'First 36', 'Swift Trawler 41', 'Gran Turismo 36'],
  Jeanneau: ['Sun Odyssey 440', 'Merry Fisher 895', 'Leader 10.0'],
  Bavaria: ['Cruiser 46', 'C42', 'SR41'],
  'Hallberg-Rassy': ['44', '40C', '57'],
  Sunseeker: ['Predator 65', 'Manhattan 55', 'Superhawk 50'],
  Princess: ['F55', 'V50', 'Y72'],
  Azimut: ['Atlantis 45', 'Flybridge 53', 'S7'],
  Riva: ['Aquariva Super', 'Rivamare', '76 Perseo'],
  'Sea Ray': ['Sundancer 320', 'SLX 280', 'SPX 230'],
  'Boston Whaler': ['Montauk 170', 'Outrage 280', 'Dauntless 240'],
  'Grady-White': ['Freedom 285', 'Canyon 336'],
  Lagoon: ['42', '46', 'Sixty 5'],
  'Fountaine Pajot': ['Isla 40', 'Astrea 42', 'Tanna 47'],
  Hanse: ['418', '460', '510'],
  Dufour: ['390 Grand Large', '470', '530'],
  'Nautor Swan': ['Swan 48', 'ClubSwan 36', 'Swan 58'],
  'X-Yachts': ['X4.3', 'Xc 45', 'X5.6'],
  Catalina: ['315', '425'],
  Axopar: ['28 Cabin', '37 Sun-Top', '45 Cross Cabin'],
  Nimbus: ['T11', 'W9', '405 Coupé'],
  'Grand Banks': ['60 Skylounge', '54'],
  Fairline: ['Targa 45 GT', 'Squadron 50'],
};

export const BROKERAGES = [
  'Solent Yacht Brokers',
  'Harbourside Marine',
  'Bluewater Yacht Sales',
  'Anchor Point Brokerage',
  'Windward Yachts',
  'Nordic Boat Exchange',
  'Riviera Yacht Partners',
  'Tidewater Boat Sales',
  'Chesapeake Yacht Brokerage',
  'Adriatic Yacht Consulting',
  'Southern Cross Marine',
  'Lymington Yacht Agency',
];

/** Companies around the trade: finance, insurance, surveys, charter, dealers. */
export const TRADE_COMPANIES = [
  'Coastline Marine Finance',
  'Keel & Mast Insurance',
  'Saltwater Surveyors',
  'Meridian Charter Group',
  'Harbour Lights Boat Dealers',
  'Atlantic Marine Lending',
  'Seabright Valuations',
  'Mistral Charter Fleet',
];

export const MARINAS = [
  'Port Hamble Marina',
  'Marina Port Vell',
  'Bahia Mar Yachting Center',
  'Port Vauban',
  'ACI Marina Split',
  'Westhaven Marina',
  'Annapolis Yacht Basin',
  'Port Camargue',
  'Marina di Portofino',
  'Mandraki Marina',
  'Ocean Village Marina',
  'Newport Shipyard',
];

export const LOCATIONS = [
  'Southampton, United Kingdom',
  'Lymington, United Kingdom',
  'Palma de Mallorca, Spain',
  'Barcelona, Spain',
  'Antibes, France',
  'La Rochelle, France',
  'Genoa, Italy',
  'Split, Croatia',
  'Athens, Greece',
  'Hamburg, Germany',
  'Gothenburg, Sweden',
  'Fort Lauderdale, United States',
  'Annapolis, United States',
  'Newport, Rhode Island, United States',
  'Auckland, New Zealand',
  'Sydney, Australia',
];

const REGIONS = ['the Mediterranean', 'the Solent', 'Florida', 'the Baltic', 'the Adriatic'];
const BOAT_SHOWS = [
  'the Southampton Boat Show',
  'the Cannes Yachting Festival',
  'the Fort Lauderdale show',
  'boot Düsseldorf',
  'the Annapolis sailboat show',
];

/** A make and one of its models: "Beneteau Oceanis 46.1". */
export function boat(): { make: string; model: string; name: string } {
  const make = pick(Object.keys(BOATS));
  const model = pick(BOATS[make] ?? ['']);
  return { make, model, name: `${make} ${model}` };
}

const years = () => {
  const from = int(2008, 2019);
  return `${from}–${from + int(3, 6)}`;
};

/** A contact-us subject line. */
export function subject(): string {
  const { make, name } = boat();
  return pick([
    `Pricing data for ${name}`,
    `Sold prices of ${make} yachts`,
    `Data licence for our brokerage`,
    `Valuation API for ${pick(REGIONS)}`,
    `Days on market for ${make} listings`,
    `Market report for ${pick(REGIONS)}`,
  ]);
}

/** A contact-us message, as someone in the trade writes one. */
export function message(): string {
  const { name, make } = boat();
  const count = int(20, 400);
  return pick([
    `We list around ${count} boats a year at ${pick(MARINAS)} and would like asking-price history for ${name} hulls built ${years()}. Do you cover ${pick(REGIONS)} as well?`,
    `Could you send a sample of sold prices for ${make} yachts in ${pick(REGIONS)}? We are pricing a ${name} for a client and the comparables we have are thin.`,
    `I run the sales desk at ${pick(BROKERAGES)}. How often is your listing data refreshed, and can we filter by length overall and engine hours?`,
    `We finance used boats and need valuations we can defend. Is there an API, and what does a licence for ${count} lookups a month cost?`,
    `Met your team at ${pick(BOAT_SHOWS)}. We sell mostly ${make} boats; please send the pricing sheet and a demo login for our two offices.`,
  ]);
}

/** A company for the KE and broker demo requests. */
export const company = () => pick([...BROKERAGES, ...TRADE_COMPANIES]);

/** A location for a consultation request. */
export const location = () => pick(LOCATIONS);

/** The first reply an admin sends a lead: its body, signed by the admin's first name. */
export function replyText(firstName: string, admin: string): string {
  const { name } = boat();
  const opening = pick([
    `thanks for getting in touch.`,
    `thank you for your request, and good to hear from you.`,
    `thanks for the detailed message.`,
  ]);
  const body = pick([
    `I have attached a sample of sold prices for ${name} in ${pick(REGIONS)}; the full set covers the last five years.`,
    `Our listing data is refreshed daily. Could we book 30 minutes this week to walk through it with your team?`,
    `A licence is priced by lookups a month. I will send the sheet once I know which regions you cover.`,
    `We track ${name} asking and sold prices across ${pick(REGIONS)}. Happy to set up a demo login for your offices.`,
  ]);
  return `Hi ${firstName},\n\n${opening} ${body}\n\nBest regards,\n${admin}`;
}

/** An internal note an admin leaves on a lead. */
export function note(firstName: string): string {
  const { name } = boat();
  return pick([
    `Called ${firstName}: they want a quote for three seats, decision after ${pick(BOAT_SHOWS)}.`,
    `Sent the ${pick(REGIONS)} sample report with ${name} comparables.`,
    `${firstName} is comparing us with their current valuation provider; follow up next week.`,
    `Demo booked for Thursday; they mostly broker ${name} and similar.`,
    `Asked for references from another brokerage. Forwarded to sales.`,
    `Budget approved for Q1; waiting on their legal team for the data licence.`,
  ]);
}
