// Static catalogue of the demo data set: units, producers, the category tree and the part types with
// the vehicles they fit. demo.ts turns this into rows (with a fixed pseudo-random sequence, so every
// seeded database holds the same data).

export const UNITS: [code: string, name: string][] = [
  ['pcs', 'Tükk'],
  ['kit', 'Remondikomplekt'],
  ['pack', 'Pakk'],
  ['kg', 'Kilogramm'],
  ['g', 'Gramm'],
  ['t', 'Tonn'],
  ['l', 'Liiter'],
  ['ml', 'Milliliiter'],
  ['m', 'Meeter'],
  ['m2', 'Ruutmeeter'],
  ['m3', 'Kuupmeeter'],
  ['pair', 'Paar'],
  ['set', 'Komplekt'],
  ['box', 'Kast'],
  ['roll', 'Rull'],
  ['jm', 'Jooksev meeter'],
];

/** Producers; the short name is used in cross-reference code tags. */
export const PRODUCERS: [name: string, short: string][] = [
  ['Bosch', 'BOSCH'],
  ['MANN-FILTER', 'MANN'],
  ['Knorr-Bremse', 'KNORR'],
  ['ZF', 'ZF'],
  ['Sachs', 'SACHS'],
  ['Hella', 'HELLA'],
  ['Febi', 'FEBI'],
  ['Continental', 'CONTI'],
  ['Mahle', 'MAHLE'],
  ['Wabco', 'WABCO'],
  ['Voith', 'VOITH'],
  ['Valeo', 'VALEO'],
  ['Brembo', 'BREMBO'],
  ['SKF', 'SKF'],
  ['Gates', 'GATES'],
  ['Lemförder', 'LEMF'],
  ['Hengst', 'HENGST'],
  ['Donaldson', 'DONALDSON'],
  ['Fleetguard', 'FLEETGUARD'],
  ['Textar', 'TEXTAR'],
  ['Jurid', 'JURID'],
  ['Koni', 'KONI'],
  ['Monroe', 'MONROE'],
  ['Vibracoustic', 'VIBRA'],
  ['Firestone', 'FIRESTONE'],
  ['Osram', 'OSRAM'],
  ['Philips', 'PHILIPS'],
  ['Varta', 'VARTA'],
  ['Exide', 'EXIDE'],
  ['Haldex', 'HALDEX'],
  ['Schunk', 'SCHUNK'],
  ['Mersen', 'MERSEN'],
  ['Bonatrans', 'BONATRANS'],
  ['Hanning & Kahl', 'HK'],
  ['FAG', 'FAG'],
  ['Timken', 'TIMKEN'],
  ['Wahler', 'WAHLER'],
  ['Bode', 'BODE'],
  ['Castrol', 'CASTROL'],
  ['Prestolite', 'PRESTOLITE'],
];
/** Shown in the producer list as disabled (not offered in the offer form). */
export const INACTIVE_PRODUCERS = ['Prestolite'];

export type Scope = 'bus' | 'tram' | 'both';

/** The category tree: [name, code, scope, children]. Three to four levels. */
export type CategoryNode = { name: string; code: string; scope: Scope; children?: CategoryNode[] };
export const CATEGORY_TREE: CategoryNode[] = [
  {
    name: 'Mootor',
    code: 'ENG',
    scope: 'bus',
    children: [
      {
        name: 'Filtrid',
        code: 'ENG-FLT',
        scope: 'bus',
        children: [
          { name: 'Õlifiltrid', code: 'ENG-FLT-OIL', scope: 'bus' },
          { name: 'Kütusefiltrid', code: 'ENG-FLT-FUEL', scope: 'bus' },
          { name: 'Õhufiltrid', code: 'ENG-FLT-AIR', scope: 'bus' },
        ],
      },
      {
        name: 'Jahutussüsteem',
        code: 'ENG-COOL',
        scope: 'bus',
        children: [
          { name: 'Veepumbad', code: 'ENG-COOL-WP', scope: 'bus' },
          { name: 'Termostaadid', code: 'ENG-COOL-TH', scope: 'bus' },
        ],
      },
      {
        name: 'Rihmülekanne',
        code: 'ENG-BELT',
        scope: 'bus',
        children: [
          { name: 'Soonrihmad', code: 'ENG-BELT-V', scope: 'bus' },
          { name: 'Pingutus- ja juhtrullikud', code: 'ENG-BELT-TR', scope: 'bus' },
        ],
      },
    ],
  },
  {
    name: 'Pidurisüsteem',
    code: 'BRK',
    scope: 'both',
    children: [
      {
        name: 'Hõõrdpidurid',
        code: 'BRK-FR',
        scope: 'both',
        children: [
          { name: 'Piduriklotsid', code: 'BRK-FR-PAD', scope: 'both' },
          { name: 'Pidurikettad', code: 'BRK-FR-DISC', scope: 'bus' },
          { name: 'Magnetrööpapidurid', code: 'BRK-FR-MTB', scope: 'tram' },
        ],
      },
      {
        name: 'Pneumaatika',
        code: 'BRK-AIR',
        scope: 'bus',
        children: [
          { name: 'Õhukuivatid', code: 'BRK-AIR-DRY', scope: 'bus' },
          { name: 'Klapid ja pidurikambrid', code: 'BRK-AIR-VLV', scope: 'bus' },
        ],
      },
    ],
  },
  {
    name: 'Veermik ja vedrustus',
    code: 'CHS',
    scope: 'both',
    children: [
      {
        name: 'Vedrustus',
        code: 'CHS-SUS',
        scope: 'both',
        children: [
          { name: 'Amortisaatorid', code: 'CHS-SUS-SHK', scope: 'both' },
          { name: 'Õhkpadjad', code: 'CHS-SUS-AIR', scope: 'bus' },
        ],
      },
      {
        name: 'Rool ja sillad',
        code: 'CHS-STR',
        scope: 'bus',
        children: [{ name: 'Rooliotsad ja vardad', code: 'CHS-STR-TRE', scope: 'bus' }],
      },
      {
        name: 'Rattapaarid ja laagrid',
        code: 'CHS-WHL',
        scope: 'tram',
        children: [
          { name: 'Rattabandaažid', code: 'CHS-WHL-TYR', scope: 'tram' },
          { name: 'Laagrid', code: 'CHS-WHL-BRG', scope: 'both' },
        ],
      },
    ],
  },
  {
    name: 'Elektrisüsteem',
    code: 'ELE',
    scope: 'both',
    children: [
      {
        name: 'Valgustus',
        code: 'ELE-LGT',
        scope: 'both',
        children: [
          { name: 'Esituled', code: 'ELE-LGT-HEAD', scope: 'both' },
          { name: 'Tagatuled', code: 'ELE-LGT-TAIL', scope: 'both' },
          { name: 'Pirnid', code: 'ELE-LGT-BULB', scope: 'both' },
        ],
      },
      {
        name: 'Käivitus ja laadimine',
        code: 'ELE-CHG',
        scope: 'bus',
        children: [
          { name: 'Starterid', code: 'ELE-CHG-STR', scope: 'bus' },
          { name: 'Generaatorid', code: 'ELE-CHG-ALT', scope: 'bus' },
          { name: 'Akud', code: 'ELE-CHG-BAT', scope: 'both' },
        ],
      },
      {
        name: 'Voolukogumine',
        code: 'ELE-PAN',
        scope: 'tram',
        children: [
          { name: 'Pantograafi liugurid', code: 'ELE-PAN-STR', scope: 'tram' },
          { name: 'Veomootori harjad', code: 'ELE-PAN-BRU', scope: 'tram' },
        ],
      },
    ],
  },
  {
    name: 'Kere ja salong',
    code: 'BDY',
    scope: 'both',
    children: [
      {
        name: 'Uksed',
        code: 'BDY-DOOR',
        scope: 'both',
        children: [{ name: 'Ukseajamid', code: 'BDY-DOOR-DRV', scope: 'both' }],
      },
      {
        name: 'Klaasipuhastus',
        code: 'BDY-WIP',
        scope: 'both',
        children: [{ name: 'Klaasipuhastite harjad', code: 'BDY-WIP-BLD', scope: 'both' }],
      },
    ],
  },
  {
    name: 'Jõuülekanne',
    code: 'TRN',
    scope: 'bus',
    children: [
      {
        name: 'Käigukastid',
        code: 'TRN-GBX',
        scope: 'bus',
        children: [{ name: 'Käigukasti filtrid', code: 'TRN-GBX-FLT', scope: 'bus' }],
      },
      { name: 'Sidurid', code: 'TRN-CLU', scope: 'bus' },
    ],
  },
  {
    name: 'Määrdeained ja vedelikud',
    code: 'LUB',
    scope: 'both',
    children: [
      { name: 'Õlid', code: 'LUB-OIL', scope: 'both' },
      { name: 'Määrded', code: 'LUB-GRS', scope: 'both' },
    ],
  },
];
/** Categories outside the tree: a new (unplaced) one and an inactive one, so the category screen shows every column. */
export const LOOSE_CATEGORIES = [
  { name: 'Kliimaseadmed', code: 'HVAC', active: true },
  { name: 'Tahhograafid', code: 'TACHO', active: false },
];

export const BUSES = [
  { model: 'Solaris Urbino 12', make: 'SOLARIS' },
  { model: 'Solaris Urbino 18', make: 'SOLARIS' },
  { model: "MAN Lion's City", make: 'MAN' },
  { model: 'Mercedes-Benz Citaro', make: 'MB' },
  { model: 'Volvo 7900 Hybrid', make: 'VOLVO' },
  { model: 'Scania Citywide', make: 'SCANIA' },
  { model: 'Iveco Crossway', make: 'IVECO' },
];
export const TRAMS = [
  { model: 'Škoda 15T ForCity', make: 'SKODA' },
  { model: 'Tatra KT4', make: 'TATRA' },
  { model: 'CAF Urbos AXL', make: 'CAF' },
];

/** A part type: its leaf category, unit, the producers that make it, the name variants and the vehicles it fits. */
export type PartTypeDef = {
  name: string;
  category: string;
  unit: string;
  producers: string[];
  variants: string[];
  scope: 'bus' | 'tram' | 'both';
  /** Vehicles to use (default all of the scope); fewer keeps the catalogue balanced. */
  vehicles?: number;
  /** Price range in euro. */
  price: [number, number];
};

export const PART_TYPES: PartTypeDef[] = [
  {
    name: 'Õlifilter',
    category: 'ENG-FLT-OIL',
    unit: 'pcs',
    producers: ['MANN-FILTER', 'Bosch', 'Mahle', 'Hengst', 'Donaldson', 'Fleetguard'],
    variants: ['Õlifilter', 'Õlifiltri padrun'],
    scope: 'bus',
    price: [9, 48],
  },
  {
    name: 'Kütusefilter',
    category: 'ENG-FLT-FUEL',
    unit: 'pcs',
    producers: ['MANN-FILTER', 'Bosch', 'Mahle', 'Donaldson', 'Fleetguard'],
    variants: ['Kütusefilter', 'Kütuse eelfilter', 'Kütuse-vee eraldaja filter'],
    scope: 'bus',
    price: [12, 65],
  },
  {
    name: 'Õhufilter',
    category: 'ENG-FLT-AIR',
    unit: 'pcs',
    producers: ['MANN-FILTER', 'Mahle', 'Donaldson', 'Hengst'],
    variants: ['Õhufilter', 'Õhufiltri turvaelement'],
    scope: 'bus',
    price: [35, 180],
  },
  {
    name: 'Veepump',
    category: 'ENG-COOL-WP',
    unit: 'pcs',
    producers: ['Gates', 'SKF', 'Febi', 'Continental'],
    variants: ['Veepump', 'Veepumba remondikomplekt'],
    scope: 'bus',
    vehicles: 5,
    price: [140, 620],
  },
  {
    name: 'Termostaat',
    category: 'ENG-COOL-TH',
    unit: 'pcs',
    producers: ['Mahle', 'Febi', 'Wahler'],
    variants: ['Termostaat 83 °C', 'Termostaadi tihend'],
    scope: 'bus',
    vehicles: 5,
    price: [18, 95],
  },
  {
    name: 'Soonrihm',
    category: 'ENG-BELT-V',
    unit: 'pcs',
    producers: ['Gates', 'Continental', 'Bosch'],
    variants: ['Soonrihm 8PK', 'Soonrihm 10PK', 'Kliimaseadme rihm'],
    scope: 'bus',
    price: [16, 70],
  },
  {
    name: 'Pingutusrull',
    category: 'ENG-BELT-TR',
    unit: 'pcs',
    producers: ['Gates', 'SKF', 'Febi'],
    variants: ['Pingutusrull', 'Juhtrull'],
    scope: 'bus',
    vehicles: 6,
    price: [28, 140],
  },
  {
    name: 'Piduriklotsid',
    category: 'BRK-FR-PAD',
    unit: 'set',
    producers: ['Knorr-Bremse', 'Brembo', 'Textar', 'Jurid', 'Febi'],
    variants: ['Piduriklotsid esiteljele', 'Piduriklotsid tagasillale'],
    scope: 'bus',
    price: [60, 240],
  },
  {
    name: 'Pidurikettad',
    category: 'BRK-FR-DISC',
    unit: 'pcs',
    producers: ['Knorr-Bremse', 'Brembo', 'Textar'],
    variants: ['Piduriketas ees', 'Piduriketas taga'],
    scope: 'bus',
    price: [120, 420],
  },
  {
    name: 'Trammi piduriklotsid',
    category: 'BRK-FR-PAD',
    unit: 'set',
    producers: ['Knorr-Bremse', 'Jurid', 'Hanning & Kahl'],
    variants: ['Piduriklotsid, mootorpöör', 'Piduriklotsid, kandepöör', 'Parkpiduri klotsid'],
    scope: 'tram',
    price: [90, 380],
  },
  {
    name: 'Magnetrööpapidur',
    category: 'BRK-FR-MTB',
    unit: 'pcs',
    producers: ['Knorr-Bremse', 'Hanning & Kahl'],
    variants: ['Magnetrööpapiduri poolus', 'Magnetrööpapiduri vedru', 'Magnetrööpapiduri hõõrdliist'],
    scope: 'tram',
    price: [75, 1400],
  },
  {
    name: 'Õhukuivati padrun',
    category: 'BRK-AIR-DRY',
    unit: 'pcs',
    producers: ['Knorr-Bremse', 'Wabco', 'MANN-FILTER', 'Haldex'],
    variants: ['Õhukuivati padrun', 'Õhukuivati padrun õliseparaatoriga'],
    scope: 'bus',
    price: [38, 120],
  },
  {
    name: 'Pidurikamber',
    category: 'BRK-AIR-VLV',
    unit: 'pcs',
    producers: ['Wabco', 'Knorr-Bremse', 'Haldex'],
    variants: [
      'Pidurikamber tüüp 24',
      'Vedruakuga pidurikamber 24/24',
      'Mitmeringikaitseklapp',
      'Releeklapp',
    ],
    scope: 'bus',
    vehicles: 5,
    price: [85, 460],
  },
  {
    name: 'Amortisaator',
    category: 'CHS-SUS-SHK',
    unit: 'pcs',
    producers: ['Sachs', 'Koni', 'Monroe', 'ZF'],
    variants: ['Amortisaator ees', 'Amortisaator taga', 'Juhikabiini amortisaator'],
    scope: 'bus',
    price: [95, 380],
  },
  {
    name: 'Trammi amortisaator',
    category: 'CHS-SUS-SHK',
    unit: 'pcs',
    producers: ['Koni', 'Sachs'],
    variants: ['Vertikaalamortisaator', 'Lateraalamortisaator'],
    scope: 'tram',
    price: [260, 900],
  },
  {
    name: 'Õhkpadi',
    category: 'CHS-SUS-AIR',
    unit: 'pcs',
    producers: ['Continental', 'Firestone', 'Vibracoustic'],
    variants: ['Õhkpadi ees', 'Õhkpadi taga', 'Õhkpadi kolviga'],
    scope: 'bus',
    price: [140, 420],
  },
  {
    name: 'Rooliots',
    category: 'CHS-STR-TRE',
    unit: 'pcs',
    producers: ['Lemförder', 'Febi', 'ZF'],
    variants: ['Rooliots vasak', 'Rooliots parem', 'Rooli risttõmmits'],
    scope: 'bus',
    price: [45, 260],
  },
  {
    name: 'Rattabandaaž',
    category: 'CHS-WHL-TYR',
    unit: 'pcs',
    producers: ['Bonatrans'],
    variants: ['Rattabandaaž', 'Rattabandaaži kinnitusrõngas', 'Rattakummi element'],
    scope: 'tram',
    price: [180, 2400],
  },
  {
    name: 'Laager',
    category: 'CHS-WHL-BRG',
    unit: 'pcs',
    producers: ['SKF', 'FAG', 'Timken'],
    variants: ['Rattalaager', 'Veomootori laager', 'Käigukasti laager'],
    scope: 'tram',
    price: [70, 950],
  },
  {
    name: 'Rummulaager',
    category: 'CHS-WHL-BRG',
    unit: 'kit',
    producers: ['SKF', 'FAG', 'Febi'],
    variants: ['Rummulaagri komplekt'],
    scope: 'bus',
    price: [110, 390],
  },
  {
    name: 'Esituli',
    category: 'ELE-LGT-HEAD',
    unit: 'pcs',
    producers: ['Hella', 'Valeo', 'Bosch'],
    variants: ['Esilatern vasak', 'Esilatern parem'],
    scope: 'both',
    vehicles: 4,
    price: [160, 780],
  },
  {
    name: 'Tagatuli',
    category: 'ELE-LGT-TAIL',
    unit: 'pcs',
    producers: ['Hella', 'Valeo'],
    variants: ['Tagatuli LED', 'Suunatuli LED'],
    scope: 'both',
    vehicles: 4,
    price: [45, 260],
  },
  {
    name: 'Pirn',
    category: 'ELE-LGT-BULB',
    unit: 'pack',
    producers: ['Osram', 'Philips', 'Hella', 'Bosch'],
    variants: ['Pirn H7 24V', 'Pirn P21W 24V', 'Pirn R10W 24V'],
    scope: 'both',
    vehicles: 2,
    price: [3, 24],
  },
  {
    name: 'Starter',
    category: 'ELE-CHG-STR',
    unit: 'pcs',
    producers: ['Bosch', 'Valeo', 'Prestolite'],
    variants: ['Starter 24V'],
    scope: 'bus',
    price: [480, 1350],
  },
  {
    name: 'Generaator',
    category: 'ELE-CHG-ALT',
    unit: 'pcs',
    producers: ['Bosch', 'Valeo', 'Prestolite'],
    variants: ['Generaator 28V 150A'],
    scope: 'bus',
    price: [520, 1600],
  },
  {
    name: 'Aku',
    category: 'ELE-CHG-BAT',
    unit: 'pcs',
    producers: ['Varta', 'Exide', 'Bosch'],
    variants: ['Aku 12V 225Ah', 'Aku 12V 180Ah'],
    scope: 'both',
    vehicles: 3,
    price: [190, 420],
  },
  {
    name: 'Pantograafi liugur',
    category: 'ELE-PAN-STR',
    unit: 'pcs',
    producers: ['Schunk', 'Mersen'],
    variants: ['Pantograafi süsinikliugur', 'Liuguri kandur', 'Pantograafi vedru'],
    scope: 'tram',
    price: [85, 640],
  },
  {
    name: 'Veomootori harjad',
    category: 'ELE-PAN-BRU',
    unit: 'set',
    producers: ['Schunk', 'Mersen'],
    variants: ['Veomootori süsiharjad', 'Harjahoidja'],
    scope: 'tram',
    price: [45, 310],
  },
  {
    name: 'Ukseajam',
    category: 'BDY-DOOR-DRV',
    unit: 'pcs',
    producers: ['Bode', 'Knorr-Bremse', 'Wabco'],
    variants: ['Ukseajami mootor', 'Ukse lõpulüliti', 'Ukseajami hammasrihm'],
    scope: 'both',
    vehicles: 5,
    price: [25, 1100],
  },
  {
    name: 'Klaasipuhasti hari',
    category: 'BDY-WIP-BLD',
    unit: 'pcs',
    producers: ['Bosch', 'Valeo', 'Hella'],
    variants: ['Klaasipuhasti hari 1000 mm', 'Klaasipuhasti hari 900 mm'],
    scope: 'both',
    vehicles: 4,
    price: [14, 48],
  },
  {
    name: 'Käigukasti filter',
    category: 'TRN-GBX-FLT',
    unit: 'kit',
    producers: ['ZF', 'Voith', 'MANN-FILTER'],
    variants: ['Automaatkäigukasti filtrikomplekt', 'Retarderi filter'],
    scope: 'bus',
    price: [45, 210],
  },
  {
    name: 'Sidur',
    category: 'TRN-CLU',
    unit: 'kit',
    producers: ['Sachs', 'Valeo', 'ZF'],
    variants: ['Siduri komplekt'],
    scope: 'bus',
    vehicles: 3,
    price: [640, 1900],
  },
  {
    name: 'Mootoriõli',
    category: 'LUB-OIL',
    unit: 'l',
    producers: ['Castrol', 'Mahle'],
    variants: ['Mootoriõli 10W-40', 'Käigukastiõli ATF', 'Hüdraulikaõli HLP 46'],
    scope: 'both',
    vehicles: 1,
    price: [3, 14],
  },
  {
    name: 'Määre',
    category: 'LUB-GRS',
    unit: 'kg',
    producers: ['Castrol', 'SKF'],
    variants: ['Universaalmääre EP2', 'Rööpamääre', 'Laagrimääre'],
    scope: 'both',
    vehicles: 1,
    price: [8, 38],
  },
];

export const VEHICLE_CODE_STYLE: Record<string, (n: () => number) => string> = {
  // Manufacturer-style article numbers.
  MAN: (r) => `81.${d(r, 5)}-${d(r, 4)}`,
  MB: (r) => `A ${d(r, 3)} ${d(r, 3)} ${d(r, 2)} ${d(r, 2)}`,
  VOLVO: (r) => `2${d(r, 7)}`,
  SCANIA: (r) => `${1 + Math.floor(r() * 2)}${d(r, 6)}`,
  SOLARIS: (r) => `0000${d(r, 6)}`,
  IVECO: (r) => `58${d(r, 8)}`,
  SKODA: (r) => `15T.${d(r, 3)}.${d(r, 3)}`,
  TATRA: (r) => `KT4-${d(r, 4)}-${d(r, 2)}`,
  CAF: (r) => `U${d(r, 6)}`,
  GEN: (r) => `TLT-${d(r, 6)}`,
};
function d(r: () => number, n: number) {
  let s = '';
  for (let i = 0; i < n; i++) s += Math.floor(r() * 10);
  return s;
}

export const TRANSPORT_NUMBERS = {
  bus: ['1101', '1134', '1187', '1203', '1242', '1268', '2015', '2044', '2071', '2108', '3012', '3056'],
  tram: ['152', '157', '161', '503', '506', '511', '524', '531'],
};
export const CUSTOMER_NAMES = {
  bus: [
    'Kadaka remonditöökoda',
    'Liin 17 hooldus',
    'Lasnamäe hooldusbaas',
    'Plaaniline hooldus',
    'Avariiremont',
  ],
  tram: ['Kopli remonditöökoda', 'Veermiku hooldus', 'Plaaniline hooldus', 'Avariiremont'],
};
