// The catalogue's side of the Business Central sync: units, items (parts) and item references (code tags) are
// upserted in batches; parts that left the ERP are soft-deleted, unless a pre-order or tender line uses them, in
// which case they are only deactivated (never deleted).
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { now } from '../../lib/clock.ts';
import { queryRows, transaction } from '../../lib/sql.ts';

export interface BcUnit {
  code: string;
  displayName?: string;
}
export interface BcItem {
  id: string;
  number: string;
  displayName: string;
  blocked?: boolean;
  gtin?: string;
  baseUnitOfMeasureCode?: string;
}

/** Units the portal lacks are added (codes in lower case, as the portal writes them); answers how many. */
export async function importUnits(db: Db, units: BcUnit[]): Promise<number> {
  const rows = units
    .filter((u) => u.code?.trim())
    .map((u) => ({ code: u.code.trim().toLowerCase(), name: (u.displayName || u.code).trim() }));
  if (!rows.length) return 0;
  const at = now();
  const added = await queryRows<{ id: number }>(
    db,
    sql`insert into units (code, name, created, updated)
      select r.code, r.name, ${at}, ${at} from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(code text, name text)
      where not exists (select 1 from units u where lower(u.code) = r.code)
      on conflict do nothing returning id`,
  );
  return added.length;
}

/**
 * Upserts one page of items by their number (the part code): name, barcode (GTIN), unit, ERP id and active flag
 * (blocked items are inactive); a part a user soft-deleted stays deleted. The parts' extra codes are replaced by
 * the ERP's item references (`refs`: item number → codes). Answers how many parts were added and changed.
 */
export async function upsertItems(db: Db, items: BcItem[], refs: Map<string, string[]>) {
  const rows = items
    .filter((i) => i.number?.trim() && i.id)
    .map((i) => ({
      id: i.id,
      number: i.number.trim().slice(0, 35),
      name: (i.displayName || i.number).trim(),
      gtin: i.gtin?.trim() || null,
      unit: i.baseUnitOfMeasureCode?.trim().toLowerCase() || null,
      active: !i.blocked,
    }));
  if (!rows.length) return { created: 0, updated: 0 };
  const at = now();
  return transaction(db, async (tx) => {
    const changed = await queryRows<{ inserted: boolean }>(
      tx,
      sql`insert into parts (code, name, barcode, unit_id, bc_id, is_active, created, updated)
        select r.number, r.name, r.gtin, u.id, r.id, r.active, ${at}, ${at}
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          as r(id text, number text, name text, gtin text, unit text, active boolean)
        left join units u on lower(u.code) = r.unit and not u.is_deleted
        on conflict (code) do update set name = excluded.name, barcode = excluded.barcode,
          unit_id = coalesce(excluded.unit_id, parts.unit_id), bc_id = excluded.bc_id,
          is_active = excluded.is_active and not parts.is_deleted, updated = excluded.updated
        where (parts.name, parts.barcode, parts.unit_id, parts.bc_id, parts.is_active)
          is distinct from (excluded.name, excluded.barcode, coalesce(excluded.unit_id, parts.unit_id),
                            excluded.bc_id, excluded.is_active and not parts.is_deleted)
        returning (xmax = 0) as inserted`,
    );
    const codes = rows.flatMap((r) =>
      [...new Set(refs.get(r.number) ?? [])]
        .filter((c) => c && c !== r.number)
        .map((c) => ({ n: r.number, c })),
    );
    const numbers = JSON.stringify(rows.map((r) => r.number));
    // The ERP owns the extra codes of its items: those it no longer lists go, new ones come.
    await tx.execute(sql`delete from part_codes pc using parts p
      where p.id = pc.part_id and p.code in (select jsonb_array_elements_text(${numbers}::jsonb))
        and not exists (select 1 from jsonb_to_recordset(${JSON.stringify(codes)}::jsonb) as r(n text, c text)
                        where r.n = p.code and r.c = pc.code)`);
    if (codes.length)
      await tx.execute(sql`insert into part_codes (part_id, code)
        select p.id, r.c from jsonb_to_recordset(${JSON.stringify(codes)}::jsonb) as r(n text, c text)
        join parts p on p.code = r.n
        on conflict do nothing`);
    const created = changed.filter((c) => c.inserted).length;
    return { created, updated: changed.length - created };
  });
}

/**
 * Parts with an ERP id the ERP no longer lists (`seen`: the ids it listed): deactivated when a pre-order or tender
 * line uses them, soft-deleted otherwise.
 */
export async function retireMissingItems(db: Db, seen: string[]) {
  const ids = JSON.stringify(seen);
  const at = now();
  return transaction(db, async (tx) => {
    const gone = sql`p.bc_id is not null and not p.is_deleted
      and p.bc_id not in (select jsonb_array_elements_text(${ids}::jsonb))`;
    const kept = await queryRows<{ id: number }>(
      tx,
      sql`update parts p set is_active = false, updated = ${at}
        where ${gone} and p.is_active and exists (select 1 from details d where d.part_id = p.id) returning p.id`,
    );
    const deleted = await queryRows<{ id: number }>(
      tx,
      sql`update parts p set is_deleted = true, is_active = false, updated = ${at}
        where ${gone} and not exists (select 1 from details d where d.part_id = p.id) returning p.id`,
    );
    return { deactivated: kept.length, deleted: deleted.length };
  });
}
