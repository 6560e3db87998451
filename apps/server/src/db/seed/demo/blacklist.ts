// The demo data set, blacklist entries with their producers, comments and history.
import { defined } from '@portal/shared';
import * as s from '../../schema/index.ts';
import type { Catalogue, Part } from './catalogue.ts';
import { DAY, nameOf, type SeedContext } from './context.ts';
import type { People } from './people.ts';

export async function seedBlacklist(c: SeedContext & Catalogue & People) {
  const { db, past, hist, prod, producerName, activeProducer, parts, user } = c;
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
      addedProducers: chosen.map((id) => defined(producerName.get(id), `producer ${id}`)),
      created: entry.created,
    });
    hist('blacklist', entry.id, 'created', entry.created, who, {
      part: part.id,
      producers: chosen,
      is_active: true,
      comment: b.reason,
      added_producers: chosen.map((id) => defined(producerName.get(id), `producer ${id}`)),
    });
    if (extra) {
      const when = new Date(entry.created.getTime() + 5 * DAY);
      blComments.push({
        blacklistId: entry.id,
        userId: user.admin.id,
        name: nameOf(user.admin),
        content: defined(b.later, 'later comment'),
        addedProducers: [defined(producerName.get(extra), `producer ${extra}`)],
        created: when,
      });
      hist('blacklist', entry.id, 'updated', when, user.admin, {
        part: part.id,
        producers: all,
        is_active: true,
        comment: b.later,
        added_producers: [defined(producerName.get(extra), `producer ${extra}`)],
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
  return { blacklisted };
}
export type Blacklist = Awaited<ReturnType<typeof seedBlacklist>>;
