// The demo data set, units, producers, the category tree with its groups, part types and parts (with code tags).

import { defined } from '@portal/shared';
import { inArray, sql } from 'drizzle-orm';
import * as s from '../../schema/index.ts';
import {
  BUSES,
  CATEGORY_TREE,
  type CategoryNode,
  INACTIVE_PRODUCERS,
  LOOSE_CATEGORIES,
  PART_TYPES,
  PRODUCERS,
  type Scope,
  TRAMS,
  UNITS,
  VEHICLE_CODE_STYLE,
} from '../catalogue.ts';
import { ean13, type SeedContext } from './context.ts';
import type { Places } from './places.ts';

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
export type Part = PartGen & { id: number };

export async function seedCatalogue(c: SeedContext & Places) {
  const { db, rnd, pick, between, int, past, BUS, TRAM } = c;
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
  const prod = (name: string) => defined(producerId.get(name.toLowerCase()), `producer ${name}`);
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
    .values(
      PART_TYPES.map((pt) => ({
        name: pt.name,
        categoryId: defined(categoryId.get(pt.category), `category ${pt.category}`),
      })),
    )
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
          tags.add(
            `${
              defined(
                PRODUCERS.find(([n]) => n === p),
                `producer ${p}`,
              )[1]
            } ${Math.floor(between(100000, 999999))}`,
          );
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
        unitId: defined(unitId.get(p.unit), `unit ${p.unit}`),
        partTypeId: defined(partTypeId.get(p.type.name), `part type ${p.type.name}`),
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
    .values(
      partGens.flatMap((p) =>
        p.tags.map((code) => ({ partId: defined(partIdByCode.get(p.code), `part ${p.code}`), code })),
      ),
    )
    .onConflictDoNothing();
  const parts: Part[] = partGens
    .map((p) => ({ ...p, id: defined(partIdByCode.get(p.code), `part ${p.code}`) }))
    .filter((p) => activePartIds.has(p.id));
  const partById = new Map(parts.map((p) => [p.id, p]));
  return {
    prod,
    producerName,
    producerShort,
    activeProducer,
    categoryId,
    categoryGroupRows,
    parts,
    partById,
  };
}
export type Catalogue = Awaited<ReturnType<typeof seedCatalogue>>;
