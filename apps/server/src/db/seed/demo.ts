// The demo data set of ARCHITECTURE.md ("Demo data set"): accounts, groups, warehouses, catalogue, pre-order
// lines, blacklist, e-mail templates and settings, the Directo module, and tenders in every status with
// offers, winners, orders, comments, logs and history.
//
// Idempotent: the admin account is the marker (present → nothing happens). Everything is written in one
// transaction under an advisory lock, so a half-seeded database never exists and two replicas starting at
// once seed once. Lookup rows (groups, units, producers, parts…) are insert-or-keep, so the seed also
// runs on a database that already has some of them. Dates are relative to lib/clock now().
import {
  TEMPLATE_DEFINITIONS,
  TEMPLATE_LANGUAGES,
  type TenderStatus,
  type WinnerReason,
} from '@portal/shared';
import { inArray, sql } from 'drizzle-orm';
import { hashPassword } from '../../lib/auth.ts';
import { now } from '../../lib/clock.ts';
import type { Db } from '../client.ts';
import * as s from '../schema/index.ts';
import {
  BUSES,
  CATEGORY_TREE,
  type CategoryNode,
  CUSTOMER_NAMES,
  INACTIVE_PRODUCERS,
  LOOSE_CATEGORIES,
  PART_TYPES,
  PRODUCERS,
  type Scope,
  TRAMS,
  TRANSPORT_NUMBERS,
  UNITS,
  VEHICLE_CODE_STYLE,
} from './catalogue.ts';
import { DEFAULT_TEMPLATES } from './templates.ts';

export const DEMO_PASSWORD = 'Demo2026parts';
export const DEMO_MARKER_EMAIL = 'admin@demo.ee';
const SEED_LOCK = 727275;

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** Loads the demo data set unless it is already there. Returns whether it wrote anything. */
export async function seedDemo(db: Db): Promise<{ seeded: boolean }> {
  if (await hasDemo(db)) return { seeded: false };
  const hash = await hashPassword(DEMO_PASSWORD); // once: scrypt is deliberately slow
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    if (await hasDemo(tx)) return { seeded: false };
    await build(tx, hash);
    return { seeded: true };
  });
}

async function hasDemo(db: Db) {
  const rows = await db
    .select({ id: s.users.id })
    .from(s.users)
    .where(sql`lower(${s.users.email}) = ${DEMO_MARKER_EMAIL}`)
    .limit(1);
  return rows.length > 0;
}

// ---------- deterministic randomness ----------
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Estonian personal code with its check digit. */
function personalCode(base10: string) {
  const w1 = [1, 2, 3, 4, 5, 6, 7, 8, 9, 1];
  const w2 = [3, 4, 5, 6, 7, 8, 9, 1, 2, 3];
  const sum = (w: number[]) => w.reduce((acc, k, i) => acc + k * Number(base10[i]), 0) % 11;
  let c = sum(w1);
  if (c === 10) c = sum(w2) % 10;
  return base10 + c;
}

/** A 13-digit EAN with a valid check digit. */
function ean13(first12: string) {
  const sum = [...first12].reduce((acc, ch, i) => acc + Number(ch) * (i % 2 ? 3 : 1), 0);
  return first12 + ((10 - (sum % 10)) % 10);
}

const ymd = (d: Date) => d.toISOString().slice(0, 10);
/** A UTC moment `days` from today's midnight plus `hours`. */
function at(base: Date, days: number, hours: number) {
  const d = new Date(Date.UTC(base.getUTCFullYear(), base.getUTCMonth(), base.getUTCDate()));
  return new Date(d.getTime() + days * DAY + hours * HOUR);
}

// ---------- the seed ----------
type UserKey =
  | 'admin'
  | 'contractor'
  | 'master'
  | 'supplier'
  | 'employee'
  | 'supplier2'
  | 'supplier3'
  | 'pending';

async function build(db: Db, passwordHash: string) {
  const T = now();
  const rnd = prng(20261121);
  const pick = <X>(xs: readonly X[]) => xs[Math.floor(rnd() * xs.length)];
  const between = (a: number, b: number) => a + rnd() * (b - a);
  const int = (a: number, b: number) => Math.floor(between(a, b + 1));
  const past = (maxDays: number, minDays = 0) => new Date(T.getTime() - between(minDays, maxDays) * DAY);

  // ---- groups and warehouses ----
  await db
    .insert(s.groups)
    .values([{ name: 'Bussid' }, { name: 'Trammid' }])
    .onConflictDoNothing();
  const groupRows = await db
    .select()
    .from(s.groups)
    .where(sql`lower(${s.groups.name}) in ('bussid', 'trammid') and not ${s.groups.isDeleted}`);
  const groupId = (name: string) => groupRows.find((g) => g.name.toLowerCase() === name.toLowerCase())!.id;
  const BUS = groupId('Bussid');
  const TRAM = groupId('Trammid');

  const WAREHOUSES = [
    {
      code: 'B01',
      name: 'Kadaka bussidepoo',
      address: 'Kadaka tee 62, 12618 Tallinn',
      groupId: BUS,
      description: 'Lääne-Tallinna liinide hooldus',
    },
    {
      code: 'B02',
      name: 'Lasnamäe bussidepoo',
      address: 'Punane 72, 13619 Tallinn',
      groupId: BUS,
      description: 'Ida-Tallinna liinide hooldus',
    },
    {
      code: 'B03',
      name: 'Mustamäe varuosaladu',
      address: 'Akadeemia tee 21, 12618 Tallinn',
      groupId: BUS,
      description: 'Bussivaruosade keskladu',
    },
    {
      code: 'T01',
      name: 'Kopli trammidepoo',
      address: 'Kopli 60, 10412 Tallinn',
      groupId: TRAM,
      description: 'Liinid 1 ja 2',
    },
    {
      code: 'T02',
      name: 'Kadrioru trammidepoo',
      address: 'Vase 10, 10125 Tallinn',
      groupId: TRAM,
      description: 'Liinid 3, 4 ja 5',
    },
  ];
  await db.insert(s.warehouses).values(WAREHOUSES).onConflictDoNothing();
  const whRows = await db
    .select()
    .from(s.warehouses)
    .where(
      inArray(
        s.warehouses.code,
        WAREHOUSES.map((w) => w.code),
      ),
    );
  const whByGroup = (g: number) => whRows.filter((w) => w.groupId === g);

  // ---- units, producers ----
  await db
    .insert(s.units)
    .values(UNITS.map(([code, name]) => ({ code, name })))
    .onConflictDoNothing();
  const unitRows = await db
    .select()
    .from(s.units)
    .where(
      inArray(
        s.units.code,
        UNITS.map(([c]) => c),
      ),
    );
  const unitId = new Map(unitRows.map((u) => [u.code, u.id]));

  await db
    .insert(s.producers)
    .values(PRODUCERS.map(([name]) => ({ name, isActive: !INACTIVE_PRODUCERS.includes(name) })))
    .onConflictDoNothing();
  const producerRows = await db
    .select()
    .from(s.producers)
    .where(sql`lower(${s.producers.name}) in ${PRODUCERS.map(([n]) => n.toLowerCase())}`);
  const producerId = new Map(producerRows.map((p) => [p.name.toLowerCase(), p.id]));
  const prod = (name: string) => producerId.get(name.toLowerCase())!;
  const producerName = new Map(producerRows.map((p) => [p.id, p.name]));
  const producerShort = new Map(PRODUCERS.map(([n, short]) => [prod(n), short]));
  const activeProducer = new Set(producerRows.filter((p) => p.isActive && !p.isDeleted).map((p) => p.id));

  // ---- category tree (levels inserted top-down), category groups ----
  const scopeGroups = (scope: Scope) => (scope === 'bus' ? [BUS] : scope === 'tram' ? [TRAM] : [BUS, TRAM]);
  const categoryId = new Map<string, number>();
  const categoryGroupRows: { categoryId: number; groupId: number }[] = [];
  let level: { node: CategoryNode; parentId: number | null; order: number }[] = CATEGORY_TREE.map(
    (node, order) => ({
      node,
      parentId: null,
      order,
    }),
  );
  while (level.length) {
    const inserted = await db
      .insert(s.categories)
      .values(
        level.map(({ node, parentId, order }) => ({
          name: node.name,
          code: node.code,
          parentId,
          isPlaced: true,
          order,
          created: past(120, 100),
        })),
      )
      .returning({ id: s.categories.id, code: s.categories.code });
    const next: typeof level = [];
    level.forEach(({ node }, i) => {
      const id = inserted[i].id;
      categoryId.set(node.code, id);
      for (const g of scopeGroups(node.scope)) categoryGroupRows.push({ categoryId: id, groupId: g });
      node.children?.forEach((child, order) => {
        next.push({ node: child, parentId: id, order });
      });
    });
    level = next;
  }
  const loose = await db
    .insert(s.categories)
    .values(
      LOOSE_CATEGORIES.map((c) => ({ name: c.name, code: c.code, isPlaced: false, isActive: c.active })),
    )
    .returning({ id: s.categories.id });
  for (const c of loose) categoryGroupRows.push({ categoryId: c.id, groupId: BUS });
  await db.insert(s.categoryGroups).values(categoryGroupRows).onConflictDoNothing();

  // ---- part types ----
  await db
    .insert(s.partTypes)
    .values(PART_TYPES.map((pt) => ({ name: pt.name, categoryId: categoryId.get(pt.category)! })))
    .onConflictDoNothing();
  const ptRows = await db
    .select()
    .from(s.partTypes)
    .where(
      inArray(
        s.partTypes.name,
        PART_TYPES.map((p) => p.name),
      ),
    );
  const partTypeId = new Map(ptRows.map((p) => [p.name, p.id]));

  // ---- parts (with code tags) ----
  type PartGen = {
    code: string;
    name: string;
    unit: string;
    type: (typeof PART_TYPES)[number];
    scope: 'bus' | 'tram';
    price: number;
    tags: string[];
    barcode: string | null;
  };
  const usedCodes = new Set<string>();
  const partGens: PartGen[] = [];
  for (const pt of PART_TYPES) {
    let vehicles: { model: string; make: string }[];
    if (pt.scope === 'bus') vehicles = BUSES;
    else if (pt.scope === 'tram') vehicles = TRAMS;
    else vehicles = BUSES.flatMap((b, i) => (TRAMS[i] ? [b, TRAMS[i]] : [b]));
    vehicles = vehicles.slice(0, pt.vehicles ?? vehicles.length);
    const generic = pt.vehicles === 1;
    for (const vehicle of vehicles) {
      for (const variant of pt.variants) {
        const style = VEHICLE_CODE_STYLE[generic ? 'GEN' : vehicle.make];
        let code = style(rnd);
        while (usedCodes.has(code)) code = style(rnd);
        usedCodes.add(code);
        const tags = new Set<string>();
        const nTags = int(1, 3);
        for (let i = 0; i < nTags; i++) {
          const p = pick(pt.producers);
          tags.add(`${PRODUCERS.find(([n]) => n === p)![1]} ${Math.floor(between(100000, 999999))}`);
        }
        const isTram = TRAMS.some((t) => t.model === vehicle.model);
        partGens.push({
          code,
          name: generic ? variant : `${variant}, ${vehicle.model}`,
          unit: pt.unit,
          type: pt,
          scope: isTram ? 'tram' : 'bus',
          price: between(pt.price[0], pt.price[1]),
          tags: [...tags],
          barcode: rnd() < 0.4 ? ean13(`47${String(int(0, 9_999_999_999)).padStart(10, '0')}`) : null,
        });
      }
    }
  }
  const partCreated = past(200, 60);
  await db
    .insert(s.parts)
    .values(
      partGens.map((p, i) => ({
        code: p.code,
        name: p.name,
        barcode: p.barcode,
        unitId: unitId.get(p.unit)!,
        partTypeId: partTypeId.get(p.type.name)!,
        bcId: i % 3 === 0 ? `BC-ITEM-${String(10000 + i)}` : null,
        isActive: i % 97 !== 96,
        created: partCreated,
        updated: partCreated,
      })),
    )
    .onConflictDoNothing();
  const partRows = await db
    .select({ id: s.parts.id, code: s.parts.code, isActive: s.parts.isActive })
    .from(s.parts)
    .where(
      inArray(
        s.parts.code,
        partGens.map((p) => p.code),
      ),
    );
  const partIdByCode = new Map(partRows.map((p) => [p.code, p.id]));
  const activePartIds = new Set(partRows.filter((p) => p.isActive).map((p) => p.id));
  await db
    .insert(s.partCodes)
    .values(partGens.flatMap((p) => p.tags.map((code) => ({ partId: partIdByCode.get(p.code)!, code }))))
    .onConflictDoNothing();
  type Part = PartGen & { id: number };
  const parts: Part[] = partGens
    .map((p) => ({ ...p, id: partIdByCode.get(p.code)! }))
    .filter((p) => activePartIds.has(p.id));
  const partById = new Map(parts.map((p) => [p.id, p]));

  // ---- suppliers and their groups ----
  const SUPPLIERS = [
    {
      name: 'Demo Parts OÜ',
      registrationCode: '14781234',
      email: 'info@demoparts.ee',
      address: 'Peterburi tee 46, 11415 Tallinn',
      phone: '+372 600 1234',
      isEmployeesCanViewProposal: true,
      notes: 'Bussi- ja trammivaruosad, kiirtarne Tallinnas.',
    },
    {
      name: 'Baltic Auto Supply AS',
      registrationCode: '10456789',
      email: 'sales@balticauto.ee',
      address: 'Tartu mnt 84a, 10112 Tallinn',
      phone: '+372 655 0400',
      isEmployeesCanViewProposal: false,
      notes: '',
    },
    {
      name: 'Nordic Bus Parts OÜ',
      registrationCode: '12233445',
      email: 'orders@nordicbusparts.ee',
      address: 'Pärnu mnt 139, 11317 Tallinn',
      phone: '+372 622 7788',
      isEmployeesCanViewProposal: false,
      notes: 'Scania ja Volvo originaalvaruosad.',
    },
  ];
  const PENDING_SUPPLIER = {
    name: 'Tallinna Veermikuosad OÜ',
    registrationCode: '16543210',
    email: 'info@veermikuosad.ee',
    address: 'Betooni 6, 11415 Tallinn',
    phone: '+372 5550 1122',
  };
  const supplierCreated = past(300, 200);
  await db
    .insert(s.suppliers)
    .values([
      ...SUPPLIERS.map((sup) => ({
        ...sup,
        isNew: false,
        isActive: true,
        created: supplierCreated,
        updated: supplierCreated,
      })),
      { ...PENDING_SUPPLIER, isNew: true, isActive: false, created: past(2, 1) },
    ])
    .onConflictDoNothing();
  const supRows = await db
    .select()
    .from(s.suppliers)
    .where(
      inArray(
        s.suppliers.registrationCode,
        [...SUPPLIERS, PENDING_SUPPLIER].map((x) => x.registrationCode),
      ),
    );
  const supplierIds = SUPPLIERS.map(
    (x) => supRows.find((r) => r.registrationCode === x.registrationCode)!.id,
  );
  const pendingSupplierId = supRows.find((r) => r.registrationCode === PENDING_SUPPLIER.registrationCode)!.id;
  const supplierName = new Map(supRows.map((r) => [r.id, r.name]));
  await db
    .insert(s.supplierGroups)
    .values([
      ...supplierIds.flatMap((supplierId) => [BUS, TRAM].map((groupId) => ({ supplierId, groupId }))),
      { supplierId: pendingSupplierId, groupId: BUS },
    ])
    .onConflictDoNothing();
  await db
    .insert(s.supplierCategoryGroups)
    .values(
      supplierIds.flatMap((supplierId) =>
        categoryGroupRows
          .filter((cg) => CATEGORY_TREE.some((top) => categoryId.get(top.code) === cg.categoryId))
          .map((cg) => ({ supplierId, groupId: cg.groupId, categoryId: cg.categoryId })),
      ),
    )
    .onConflictDoNothing();

  // ---- users ----
  const USERS: Record<UserKey, typeof s.users.$inferInsert & { groups?: number[] }> = {
    admin: {
      email: 'admin@demo.ee',
      firstName: 'Mari',
      lastName: 'Tamm',
      group: 'ADMINISTRATOR',
      position: 'Hankejuht',
      phone: '+372 5123 4567',
      personalCode: '30303039914',
      canBlacklist: true,
      groups: [BUS, TRAM],
    },
    contractor: {
      email: 'contractor@demo.ee',
      firstName: 'Jaan',
      lastName: 'Kask',
      group: 'CONTRACTOR',
      position: 'Varustusspetsialist',
      phone: '+372 5234 5678',
      personalCode: '60001017869',
      canBlacklist: true,
      groups: [BUS, TRAM],
    },
    master: {
      email: 'master@demo.ee',
      firstName: 'Peeter',
      lastName: 'Saar',
      group: 'MASTER',
      position: 'Remondimeister',
      phone: '+372 5345 6789',
      personalCode: personalCode('3780512422'),
      groups: [BUS],
    },
    supplier: {
      email: 'supplier@demo.ee',
      firstName: 'Kristjan',
      lastName: 'Lepp',
      group: 'SUPPLIER',
      supplierId: supplierIds[0],
      supplierRole: 'ADVANCED',
      isAdmin: true,
      position: 'Juhatuse liige',
      phone: '+372 5456 7890',
      personalCode: personalCode('3850301027'),
    },
    employee: {
      email: 'employee@demo.ee',
      firstName: 'Liis',
      lastName: 'Mets',
      group: 'SUPPLIER',
      supplierId: supplierIds[0],
      supplierRole: 'PLAIN',
      position: 'Müügiesindaja',
      phone: '+372 5567 8901',
      personalCode: personalCode('4920715033'),
      groups: [BUS, TRAM],
    },
    supplier2: {
      email: 'supplier2@demo.ee',
      firstName: 'Andrei',
      lastName: 'Ivanov',
      group: 'SUPPLIER',
      supplierId: supplierIds[1],
      supplierRole: 'ADVANCED',
      isAdmin: true,
      position: 'Müügijuht',
      phone: '+372 5678 9012',
      language: 'ru',
      personalCode: personalCode('3800229421'),
    },
    supplier3: {
      email: 'supplier3@demo.ee',
      firstName: 'Erik',
      lastName: 'Nilsson',
      group: 'SUPPLIER',
      supplierId: supplierIds[2],
      supplierRole: 'ADVANCED',
      isAdmin: true,
      position: 'Key account manager',
      phone: '+372 5789 0123',
      language: 'en',
    },
    pending: {
      email: 'registreerimine@veermikuosad.ee',
      firstName: 'Tiit',
      lastName: 'Kuusk',
      group: 'SUPPLIER',
      supplierId: pendingSupplierId,
      supplierRole: 'ADVANCED',
      isAdmin: true,
      isActive: false,
      isAuthorized: false,
      phone: '+372 5550 1122',
      personalCode: personalCode('3910414567'),
    },
  };
  const userCreated = past(300, 200);
  await db
    .insert(s.users)
    .values(
      Object.entries(USERS).map(([key, { groups: _g, ...u }]) => ({
        isAuthorized: key !== 'pending',
        ...u,
        passwordHash,
        created: key === 'pending' ? past(2, 1) : userCreated,
        updated: userCreated,
      })),
    )
    .onConflictDoNothing();
  const userRows = await db
    .select()
    .from(s.users)
    .where(sql`lower(${s.users.email}) in ${Object.values(USERS).map((u) => u.email.toLowerCase())}`);
  const user = Object.fromEntries(
    Object.entries(USERS).map(([key, u]) => [
      key,
      userRows.find((r) => r.email.toLowerCase() === u.email.toLowerCase())!,
    ]),
  ) as Record<UserKey, typeof s.users.$inferSelect>;
  await db
    .insert(s.userGroups)
    .values(
      (Object.keys(USERS) as UserKey[]).flatMap((k) =>
        (USERS[k].groups ?? []).map((groupId) => ({ userId: user[k].id, groupId })),
      ),
    )
    .onConflictDoNothing();
  const nameOf = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`;
  const supplierUsers = [[user.supplier, user.employee], [user.supplier2], [user.supplier3]];

  // ---- integration module, e-mail settings and templates ----
  await db
    .insert(s.modules)
    .values({
      name: 'Directo',
      url: 'http://127.0.0.1:4010/xmlcore/demo/xmlcore.asp',
      key: 'demo-directo-key',
      isActive: true,
    })
    .onConflictDoNothing();
  await db
    .insert(s.emailSettings)
    .values({
      id: 1,
      companyName: 'Tallinna Linnatranspordi AS',
      fromName: 'TLT hankeportaal',
      companyPhone: '+372 640 9800',
      companyEmail: 'info@demo.ee',
      fromEmail: 'portal@demo.ee',
      smtpServer: '127.0.0.1',
      smtpPort: 2525,
      adminEmail: 'admin@demo.ee',
    })
    .onConflictDoNothing();
  const templateRows = TEMPLATE_DEFINITIONS.flatMap((def) => {
    const t = DEFAULT_TEMPLATES.find((x) => x.key === def.key && x.type === def.type);
    if (!t) throw new Error(`no default template for ${def.key}/${def.type}`);
    return TEMPLATE_LANGUAGES.map((language) => ({
      key: def.key,
      type: def.type,
      language,
      ...t.texts[language],
    }));
  });
  await db.insert(s.emailTemplates).values(templateRows).onConflictDoNothing();

  // ---- history helper ----
  const historyRows: (typeof s.history.$inferInsert)[] = [];
  const hist = (
    entity: string,
    entityId: number,
    action: string,
    created: Date,
    who: { id: number; firstName: string; lastName: string } | null,
    data: Record<string, unknown> = {},
    tenderId: number | null = null,
  ) =>
    historyRows.push({
      entity,
      entityId,
      action,
      created,
      tenderId,
      userId: who?.id ?? null,
      userName: who ? nameOf(who) : null,
      data,
    });

  // ---- blacklist ----
  // Parts with at least three producers, so offers can still come from the others.
  const blCandidates = parts.filter(
    (p) => p.type.producers.filter((n) => activeProducer.has(prod(n))).length >= 3,
  );
  const BLACKLIST = [
    { reason: 'Korduvad reklamatsioonid: filtri tihend lekib pärast 5000 km.', producers: 1 },
    {
      reason: 'Tootja klotsid kulusid Citaro testis kaks korda kiiremini.',
      producers: 1,
      later: 'Lisatud teine tootja, sama probleem proovipartiiga.',
    },
    { reason: 'Sertifikaadid puudusid, tarnija ei suutnud päritolu tõendada.', producers: 2 },
    {
      reason: 'Mittevastav mõõt, ei sobi kinnitusega.',
      producers: 1,
      deactivate: 'Tootja muutis konstruktsiooni, uus partii sobib. Piirang eemaldatud.',
    },
    { reason: 'Rikked garantiiajal (3 juhtumit 2026. aastal).', producers: 1 },
    { reason: 'Liiga lühike kasutusiga trammi koormusel.', producers: 1 },
    { reason: 'Töökoja tagasiside: müra ja vibratsioon.', producers: 2 },
    { reason: 'Tootja ei vasta kvaliteedinõuetele.', producers: 1 },
  ];
  const blacklisted = new Map<number, Set<number>>(); // part id → producer ids
  const blParts: Part[] = [];
  for (let i = 0; blParts.length < BLACKLIST.length; i += 7)
    blParts.push(blCandidates[(i * 13) % blCandidates.length]);
  const blInserted = await db
    .insert(s.blacklists)
    .values(
      BLACKLIST.map((b, i) => {
        const created = past(90, 30);
        return {
          partId: blParts[i].id,
          creatorId: user.contractor.id,
          isActive: !b.deactivate,
          created,
          updated: created,
        };
      }),
    )
    .returning();
  const blProducers: { blacklistId: number; producerId: number }[] = [];
  const blComments: (typeof s.blacklistComments.$inferInsert)[] = [];
  BLACKLIST.forEach((b, i) => {
    const entry = blInserted[i];
    const part = blParts[i];
    const candidates = part.type.producers.map(prod).filter((id) => activeProducer.has(id));
    const chosen = candidates.slice(1, 1 + b.producers); // keep the first producer free for offers
    const extra = b.later ? candidates[1 + b.producers] : undefined;
    const all = extra ? [...chosen, extra] : chosen;
    blacklisted.set(part.id, new Set(all));
    for (const producerId of all) blProducers.push({ blacklistId: entry.id, producerId });
    const who = i % 2 ? user.admin : user.contractor;
    blComments.push({
      blacklistId: entry.id,
      userId: who.id,
      name: nameOf(who),
      content: b.reason,
      addedProducers: chosen.map((id) => producerName.get(id)!),
      created: entry.created,
    });
    hist('blacklist', entry.id, 'created', entry.created, who, {
      part: part.id,
      producers: chosen,
      is_active: true,
      comment: b.reason,
      added_producers: chosen.map((id) => producerName.get(id)!),
    });
    if (extra) {
      const when = new Date(entry.created.getTime() + 5 * DAY);
      blComments.push({
        blacklistId: entry.id,
        userId: user.admin.id,
        name: nameOf(user.admin),
        content: b.later!,
        addedProducers: [producerName.get(extra)!],
        created: when,
      });
      hist('blacklist', entry.id, 'updated', when, user.admin, {
        part: part.id,
        producers: all,
        is_active: true,
        comment: b.later,
        added_producers: [producerName.get(extra)!],
        removed_producers: [],
      });
    }
    if (b.deactivate) {
      const when = new Date(entry.created.getTime() + 12 * DAY);
      blComments.push({
        blacklistId: entry.id,
        userId: user.admin.id,
        name: nameOf(user.admin),
        content: b.deactivate,
        deactivated: true,
        created: when,
      });
      hist('blacklist', entry.id, 'updated', when, user.admin, {
        part: part.id,
        producers: all,
        is_active: false,
        comment: b.deactivate,
        added_producers: [],
        removed_producers: [],
      });
    }
  });
  await db.insert(s.blacklistProducers).values(blProducers).onConflictDoNothing();
  await db.insert(s.blacklistComments).values(blComments);

  // ---- pre-order lines (details) ----
  const usedPart = new Set<number>();
  const partsOf = (scope: 'bus' | 'tram') =>
    parts.filter((p) => p.scope === scope || p.type.scope === 'both');
  const freePart = (scope: 'bus' | 'tram', preferBlacklisted = false) => {
    const pool = partsOf(scope).filter((p) => !usedPart.has(p.id));
    const bl = preferBlacklisted ? pool.filter((p) => blacklisted.has(p.id)) : [];
    const p = bl.length ? bl[0] : pick(pool);
    usedPart.add(p.id);
    return p;
  };
  const qtyFor = (p: Part) =>
    p.unit === 'l' ? int(4, 40) * 5 : p.unit === 'kg' ? int(2, 12) * 5 : int(1, 12);
  let orderSeq = 24310;
  const detailValues = (scope: 'bus' | 'tram', part: Part, created: Date) => {
    const group = scope === 'bus' ? BUS : TRAM;
    const wh = pick(whByGroup(group));
    const total = qtyFor(part);
    const replacement = rnd() < 0.35 ? Math.min(total, int(1, 3)) : 0;
    const fromBc = rnd() < 0.3;
    const creator =
      scope === 'bus'
        ? pick([user.master, user.master, user.contractor])
        : pick([user.contractor, user.admin]);
    return {
      partId: part.id,
      warehouseId: wh.id,
      replacementQty: String(replacement),
      replenishmentQty: String(total - replacement),
      creatorId: creator.id,
      orderNumber: rnd() < 0.7 ? `TT-${orderSeq++}` : null,
      customerNumber: rnd() < 0.8 ? pick(TRANSPORT_NUMBERS[scope]) : null,
      customerName: rnd() < 0.6 ? pick(CUSTOMER_NAMES[scope]) : null,
      bcId: fromBc ? `BC-PO-${orderSeq + 50000}` : null,
      bcStatus: fromBc ? ('synced' as const) : null,
      bcSynced: fromBc,
      created,
      updated: created,
    };
  };
  const prepared: (typeof s.details.$inferInsert)[] = [];
  for (let i = 0; i < 72; i++) {
    const scope = i % 5 < 3 ? 'bus' : 'tram';
    prepared.push({ ...detailValues(scope, freePart(scope), past(21)), status: 'PREPARED' });
  }
  const preparedRows = await db
    .insert(s.details)
    .values(prepared)
    .returning({ id: s.details.id, created: s.details.created, creatorId: s.details.creatorId });
  const userById = new Map(userRows.map((u) => [u.id, u]));
  for (const d of preparedRows)
    hist('detail', d.id, 'created', d.created, userById.get(d.creatorId!) ?? null, { status: 'PREPARED' });

  // ---- tenders ----
  type Plan = {
    status: TenderStatus;
    scope: 'bus' | 'tram';
    start: Date;
    finish: Date;
    lines: number;
    suppliers: number[];
    info?: string;
    export?: 'SUCCESS' | 'FAILED';
  };
  const PLANS: Plan[] = [
    {
      status: 'ORDERED',
      scope: 'bus',
      start: at(T, -38, 7),
      finish: at(T, -34, 13),
      lines: 7,
      suppliers: [0, 1, 2],
      info: 'Filtrid ja pidurid plaaniliseks hoolduseks.',
      export: 'SUCCESS',
    },
    {
      status: 'FAILED',
      scope: 'bus',
      start: at(T, -33, 7),
      finish: at(T, -30, 12),
      lines: 3,
      suppliers: [2],
      info: 'Starterid ja generaatorid.',
    },
    {
      status: 'ORDERED',
      scope: 'tram',
      start: at(T, -29, 8),
      finish: at(T, -25, 12),
      lines: 5,
      suppliers: [0, 1, 2],
      info: 'Trammide pidurid ja veermik.',
      export: 'FAILED',
    },
    {
      status: 'CANCELED',
      scope: 'tram',
      start: at(T, -24, 8),
      finish: at(T, -20, 12),
      lines: 3,
      suppliers: [],
      info: 'Tühistatud: vajadus muutus.',
    },
    {
      status: 'ORDERED',
      scope: 'bus',
      start: at(T, -19, 7),
      finish: at(T, -15, 13),
      lines: 6,
      suppliers: [0, 1],
    },
    {
      status: 'CHOOSING',
      scope: 'bus',
      start: at(T, -12, 7),
      finish: at(T, -8, 12),
      lines: 6,
      suppliers: [0, 1, 2],
      info: 'Kiire: vajalik enne talvehooajat.',
    },
    {
      status: 'FINISHED',
      scope: 'tram',
      start: at(T, -7, 8),
      finish: at(T, -3, 12),
      lines: 5,
      suppliers: [0, 1, 2],
    },
    {
      status: 'FINISHED',
      scope: 'bus',
      start: at(T, -6, 7),
      finish: at(T, -2, 14),
      lines: 4,
      suppliers: [0, 2],
    },
    {
      status: 'ACTIVE',
      scope: 'bus',
      start: at(T, -1, 7),
      finish: at(T, 3, 12),
      lines: 6,
      suppliers: [0, 1],
      info: 'Tarne Kadaka depoosse tööpäeviti 8–16.',
    },
    { status: 'ACTIVE', scope: 'tram', start: at(T, -2, 8), finish: at(T, 2, 12), lines: 4, suppliers: [2] },
    { status: 'WAITING', scope: 'bus', start: at(T, 1, 7), finish: at(T, 5, 12), lines: 4, suppliers: [] },
    { status: 'WAITING', scope: 'tram', start: at(T, 1, 8), finish: at(T, 4, 12), lines: 3, suppliers: [] },
    { status: 'DRAFT', scope: 'bus', start: at(T, 3, 7), finish: at(T, 7, 12), lines: 5, suppliers: [] },
    { status: 'DRAFT', scope: 'tram', start: at(T, 4, 8), finish: at(T, 8, 12), lines: 0, suppliers: [] },
  ];
  const year = T.getUTCFullYear();
  const [{ n: existingCodes }] = (
    (await db.execute(
      sql`select count(*)::int as n from tenders where tender_code like ${`T-${year}-%`}`,
    )) as unknown as {
      rows: { n: number }[];
    }
  ).rows;
  const creatorOf = (p: Plan) =>
    p.scope === 'bus' ? (p.status === 'CHOOSING' ? user.master : user.contractor) : user.admin;
  const approver = user.contractor;
  const decidedAt = (p: Plan) => new Date(p.finish.getTime() + 26 * HOUR);
  const tenderRows = await db
    .insert(s.tenders)
    .values(
      PLANS.map((p, i) => {
        const created = new Date(p.start.getTime() - between(2, 5) * DAY);
        const decided = p.status === 'ORDERED' || p.status === 'FAILED';
        const updated =
          p.status === 'DRAFT' || p.status === 'WAITING'
            ? created
            : decided
              ? decidedAt(p)
              : p.status === 'CHOOSING'
                ? new Date(p.finish.getTime() + 3 * HOUR)
                : p.status === 'CANCELED'
                  ? new Date(p.start.getTime() + 20 * HOUR)
                  : p.status === 'ACTIVE'
                    ? p.start
                    : p.finish;
        const group = p.scope === 'bus' ? BUS : TRAM;
        return {
          tenderCode: `T-${year}-${String(Number(existingCodes) + i + 1).padStart(4, '0')}`,
          start: p.start,
          finish: p.finish,
          status: p.status,
          warehouseId: whByGroup(group)[i % whByGroup(group).length].id,
          groupId: group,
          additionalInfo: p.info ?? '',
          creatorId: creatorOf(p).id,
          approverId: decided ? approver.id : null,
          approved: decided ? decidedAt(p) : null,
          bcId: p.status === 'ORDERED' ? `BC-TND-${7100 + i}` : null,
          created,
          updated,
        };
      }),
    )
    .returning();

  // Lines of each tender.
  const lineStatus = (p: Plan): 'WAITING' | 'FAILED' =>
    p.status === 'CANCELED' || p.status === 'FAILED' ? 'FAILED' : 'WAITING';
  const lineValues: (typeof s.details.$inferInsert)[] = [];
  PLANS.forEach((p, i) => {
    const t = tenderRows[i];
    for (let k = 0; k < p.lines; k++) {
      // FINISHED and CHOOSING tenders get a blacklisted part first, so the blacklist shows up in the evaluation.
      const part = freePart(p.scope, (p.status === 'FINISHED' || p.status === 'CHOOSING') && k === 0);
      const v = detailValues(p.scope, part, new Date(t.created.getTime() - between(1, 10) * DAY));
      const qty = String(Number(v.replacementQty) + Number(v.replenishmentQty));
      lineValues.push({ ...v, warehouseId: t.warehouseId, qty, status: lineStatus(p), tenderId: t.id });
    }
  });
  const lineRows = await db.insert(s.details).values(lineValues).returning();
  const linesOf = (tenderId: number) => lineRows.filter((l) => l.tenderId === tenderId);

  // Proposals.
  const proposalValues: (typeof s.proposals.$inferInsert)[] = [];
  const logValues: (typeof s.tenderLogs.$inferInsert)[] = [];
  const commentValues: (typeof s.comments.$inferInsert)[] = [];
  PLANS.forEach((p, i) => {
    const t = tenderRows[i];
    const end = Math.min(p.finish.getTime(), T.getTime() - 10 * 60_000);
    p.suppliers.forEach((si, order) => {
      const supplierId = supplierIds[si];
      const who = pick(supplierUsers[si]);
      const offeredAt = new Date(
        p.start.getTime() + (end - p.start.getTime()) * (0.2 + 0.2 * order + rnd() * 0.1),
      );
      logValues.push({
        tenderId: t.id,
        supplierId,
        userId: who.id,
        action: 'WATCHED',
        created: new Date(p.start.getTime() + HOUR),
      });
      logValues.push({ tenderId: t.id, supplierId, userId: who.id, action: 'AGREED', created: offeredAt });
      for (const line of linesOf(t.id)) {
        if (rnd() < 0.15 && order > 0) continue; // not every supplier offers every part
        const part = partById.get(line.partId)!;
        const banned = blacklisted.get(part.id) ?? new Set<number>();
        const allowed = part.type.producers
          .map(prod)
          .filter((id) => activeProducer.has(id) && !banned.has(id));
        const qty = Number(line.qty);
        // Several offer lines on one part are alternatives that share the need: their available
        // quantities add up to at most the needed quantity (spec 1 §5, the shared offer rule).
        const n = Math.max(
          1,
          Math.min(allowed.length, Math.floor(qty), rnd() < 0.6 ? 1 : rnd() < 0.6 ? 2 : 3),
        );
        const share = Math.max(1, Math.floor(qty / n));
        const start = int(0, allowed.length - 1);
        for (let k = 0; k < n; k++) {
          const producerId = allowed[(start + k) % allowed.length];
          const factor = between(0.82, 1.25) * (k === 0 ? 1 : 0.9);
          const decimals = rnd() < 0.7 ? 2 : 4;
          const price = Math.max(0.0001, part.price * factor).toFixed(decimals);
          const available = n > 1 ? share : rnd() < 0.8 ? qty : Math.max(1, Math.floor(qty / 2));
          proposalValues.push({
            tenderId: t.id,
            detailId: line.id,
            supplierId,
            userId: who.id,
            producerId,
            price: Number(price) >= 0.0001 ? price : '0.0001',
            productCode:
              `${producerShort.get(producerId)}-${String(int(10000, 999999))}${rnd() < 0.3 ? '/A' : ''}`.slice(
                0,
                35,
              ),
            eanCode: ean13(
              `40${String(producerId).padStart(3, '0')}${String(int(0, 9_999_999)).padStart(7, '0')}`,
            ),
            availableQty: String(available),
            additionalQty: n === 1 && available < qty && rnd() < 0.5 ? String(qty - available) : null,
            deliveryDate: ymd(new Date(p.finish.getTime() + int(2, 21) * DAY)),
            created: offeredAt,
            updated: offeredAt,
          });
        }
      }
      if (order === 0 && p.status !== 'ACTIVE') {
        commentValues.push({
          kind: 'TENDER',
          tenderId: t.id,
          supplierId,
          userId: who.id,
          content: pick([
            'Hinnad kehtivad 30 päeva. Tarne Tallinnas tasuta.',
            'Osa tooteid tarnime kahes osas; täpse graafiku saadame tellimuse kinnitamisel.',
            'Pakkumine sisaldab originaalvaruosi, sertifikaadid saadame soovi korral.',
          ]),
          created: offeredAt,
          updated: offeredAt,
        });
        const firstLine = linesOf(t.id)[0];
        if (firstLine)
          commentValues.push({
            kind: 'DETAIL_SUPPLIER',
            tenderId: t.id,
            detailId: firstLine.id,
            supplierId,
            userId: who.id,
            content: 'Pakume originaaliga samaväärset toodet; tootja garantii 24 kuud.',
            created: offeredAt,
            updated: offeredAt,
          });
      }
    });
    if (p.status === 'WAITING')
      logValues.push({
        tenderId: t.id,
        supplierId: supplierIds[0],
        userId: user.supplier.id,
        action: 'WATCHED',
        created: t.created,
      });
  });
  const proposalRows = proposalValues.length
    ? await db.insert(s.proposals).values(proposalValues).returning()
    : [];

  // Winners and purchase orders of ORDERED tenders; line statuses.
  const winnerValues: (typeof s.winners.$inferInsert)[] = [];
  const lineFinal = new Map<number, 'ORDERED' | 'FAILED'>();
  const orderSuppliers = new Map<number, Set<number>>(); // tender id → winning supplier ids
  PLANS.forEach((p, i) => {
    const t = tenderRows[i];
    if (p.status === 'FAILED') for (const l of linesOf(t.id)) lineFinal.set(l.id, 'FAILED');
    if (p.status !== 'ORDERED') return;
    const decided = decidedAt(p);
    linesOf(t.id).forEach((line, k) => {
      const offers = proposalRows
        .filter((o) => o.detailId === line.id)
        .sort((a, b) => Number(a.price) - Number(b.price));
      const qty = Number(line.qty);
      if (!offers.length || k === 4) {
        lineFinal.set(line.id, 'FAILED'); // no acceptable offer for this part
        return;
      }
      lineFinal.set(line.id, 'ORDERED');
      const win = (o: (typeof proposalRows)[number], amount: number, reason: WinnerReason) => {
        winnerValues.push({
          detailId: line.id,
          proposalId: o.id,
          amount: String(amount),
          reason,
          creatorId: approver.id,
          created: decided,
          updated: decided,
        });
        if (!orderSuppliers.has(t.id)) orderSuppliers.set(t.id, new Set());
        orderSuppliers.get(t.id)!.add(o.supplierId);
      };
      const second = offers.find((o) => o.supplierId !== offers[0].supplierId);
      if (k === 1 && second && qty >= 2) {
        const first = Math.ceil(qty / 2);
        win(offers[0], first, 'PRICE');
        win(second, qty - first, 'DUE DATE');
        commentValues.push({
          kind: 'WINNER',
          tenderId: t.id,
          detailId: line.id,
          userId: approver.id,
          content:
            'Odavaima pakkuja laoseis ei kata kogu vajadust, ülejäänu tellime kiirema tarnega pakkujalt.',
          created: decided,
          updated: decided,
        });
      } else if (k === 2 && offers.length > 1) {
        win(offers[1], qty, 'PRODUCER');
        commentValues.push({
          kind: 'WINNER',
          tenderId: t.id,
          detailId: line.id,
          userId: approver.id,
          content: 'Eelistame originaaltootja detaili, odavam analoog ei ole meie sõidukitel testitud.',
          created: decided,
          updated: decided,
        });
      } else win(offers[0], qty, 'PRICE');
    });
    commentValues.push({
      kind: 'APPROVER',
      tenderId: t.id,
      userId: approver.id,
      content: 'Võitjad valitud hinna ja tarneaja alusel. Tellimused saadetakse Directosse.',
      created: decided,
      updated: decided,
    });
  });
  PLANS.forEach((p, i) => {
    if (p.status === 'FAILED')
      commentValues.push({
        kind: 'APPROVER',
        tenderId: tenderRows[i].id,
        userId: approver.id,
        content: 'Pakkumised ületasid eelarve rohkem kui 40%. Hange korraldatakse uuesti.',
        created: decidedAt(p),
        updated: decidedAt(p),
      });
  });
  const winnerRows = winnerValues.length ? await db.insert(s.winners).values(winnerValues).returning() : [];

  const lineUpdates = [...lineFinal.entries()];
  for (const status of ['ORDERED', 'FAILED'] as const) {
    const ids = lineUpdates.filter(([, st]) => st === status).map(([id]) => id);
    if (ids.length) await db.update(s.details).set({ status }).where(inArray(s.details.id, ids));
  }
  // One ordered line whose ERP sync failed, for the failed_bc_details filter.
  const bcFailed = lineUpdates.find(([, st]) => st === 'ORDERED');
  if (bcFailed)
    await db
      .update(s.details)
      .set({ bcId: null, bcStatus: 'error', bcSynced: false })
      .where(inArray(s.details.id, [bcFailed[0]]));

  const poValues: (typeof s.purchaseOrders.$inferInsert)[] = [];
  const exportValues: (typeof s.moduleExportLogs.$inferInsert)[] = [];
  const [directo] = await db.select().from(s.modules).where(sql`${s.modules.name} = 'Directo'`);
  PLANS.forEach((p, i) => {
    const t = tenderRows[i];
    const sups = [...(orderSuppliers.get(t.id) ?? [])].sort((a, b) => a - b);
    sups.forEach((supplierId, k) => {
      const orderCode = `${t.tenderCode}-${String(k + 1).padStart(2, '0')}`;
      hist(
        'tender',
        t.id,
        'order_created',
        decidedAt(p),
        approver,
        { supplier_id: supplierId, order_code: orderCode },
        t.id,
      );
      poValues.push({
        tenderId: t.id,
        supplierId,
        orderCode,
        exportCode: p.export === 'SUCCESS' ? String(100240 + i * 10 + k) : null,
        created: decidedAt(p),
      });
    });
    if (p.export) {
      const when = new Date(decidedAt(p).getTime() + 5 * 60_000);
      exportValues.push({
        tenderId: t.id,
        moduleId: directo?.id ?? null,
        status: p.export,
        message:
          p.export === 'SUCCESS'
            ? `${sups.length} tellimust saadetud`
            : 'Directo: ühendus ebaõnnestus (HTTP 503)',
        userId: approver.id,
        created: when,
        updated: when,
      });
    }
  });
  if (poValues.length) await db.insert(s.purchaseOrders).values(poValues);
  if (exportValues.length) await db.insert(s.moduleExportLogs).values(exportValues);
  if (logValues.length) await db.insert(s.tenderLogs).values(logValues).onConflictDoNothing();
  if (commentValues.length) await db.insert(s.comments).values(commentValues);

  // History of every tender, line, proposal and winner.
  PLANS.forEach((p, i) => {
    const t = tenderRows[i];
    const creator = creatorOf(p);
    const lines = linesOf(t.id);
    const tid = t.id;
    hist('tender', tid, 'created', t.created, creator, { status: 'DRAFT', tender_code: t.tenderCode }, tid);
    for (const l of lines)
      hist('detail', l.id, 'chosen', t.created, creator, { to: 'WAITING', qty: l.qty }, tid);
    if (p.status === 'DRAFT') return;
    const steps: [TenderStatus, TenderStatus, Date, typeof creator | null][] = [
      ['DRAFT', 'WAITING', new Date(t.created.getTime() + HOUR), creator],
    ];
    if (p.status === 'CANCELED')
      steps.push(['WAITING', 'ACTIVE', p.start, null], ['ACTIVE', 'CANCELED', t.updated, user.admin]);
    else if (p.status !== 'WAITING') {
      steps.push(['WAITING', 'ACTIVE', p.start, null]);
      if (p.status !== 'ACTIVE') steps.push(['ACTIVE', 'FINISHED', p.finish, null]);
      if (['CHOOSING', 'ORDERED', 'FAILED'].includes(p.status))
        steps.push(['FINISHED', 'CHOOSING', new Date(p.finish.getTime() + 3 * HOUR), approver]);
      if (p.status === 'ORDERED' || p.status === 'FAILED')
        steps.push(['CHOOSING', p.status, decidedAt(p), approver]);
    }
    for (const [from, to, when, who] of steps)
      hist('tender', tid, 'status', when, who, who ? { from, to } : { from, to, by: 'scheduler' }, tid);
    for (const l of lines) {
      const final = lineFinal.get(l.id) ?? (p.status === 'CANCELED' ? 'FAILED' : null);
      if (final)
        hist(
          'detail',
          l.id,
          'status',
          p.status === 'CANCELED' ? t.updated : decidedAt(p),
          p.status === 'CANCELED' ? user.admin : approver,
          { from: 'WAITING', to: final },
          tid,
        );
    }
  });
  for (const o of proposalRows)
    hist(
      'proposal',
      o.id,
      'created',
      o.created,
      userById.get(o.userId!) ?? null,
      {
        detail: o.detailId,
        supplier: o.supplierId,
        supplier_name: supplierName.get(o.supplierId),
        price: o.price,
      },
      o.tenderId,
    );
  for (const w of winnerRows) {
    const o = proposalRows.find((x) => x.id === w.proposalId)!;
    hist(
      'winner',
      w.id,
      'created',
      w.created,
      approver,
      { detail: w.detailId, proposal: w.proposalId, amount: w.amount, reason: w.reason },
      o.tenderId,
    );
  }
  // Insert history in chunks (it is the biggest table of the seed).
  historyRows.sort((a, b) => (a.created as Date).getTime() - (b.created as Date).getTime());
  for (let i = 0; i < historyRows.length; i += 500)
    await db.insert(s.history).values(historyRows.slice(i, i + 500));
}
