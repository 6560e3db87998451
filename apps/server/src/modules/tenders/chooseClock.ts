// The 48-hour choosing clock (issue 32, point 1): the terms promise that the winners are chosen within 48 hours of a
// tender's end. On every scheduler tick, a FINISHED or CHOOSING tender with 24 hours left gets a reminder, and one
// whose time has run out an overdue reminder, each once per tender end: the tender's creator and the managers
// (administrators and contractors) of its group are mailed in their language. A reminder is a row of
// tender_choose_reminders written with `on conflict do nothing returning` in the transaction that queues its mails
// (with dedupe keys too), so replicas ticking at once send it once.
import {
  CHOOSE_REMINDER_HOURS_LEFT,
  CHOOSE_WITHIN_HOURS,
  type ChooseReminderKind,
  chooseBy,
  type TenderStatus,
} from '@portal/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { now } from '../../lib/clock.ts';
import { queryPrepared, queryRows, transaction } from '../../lib/sql.ts';
import { MANAGERS } from './access.ts';
import { languageOf, queueTenderEmail } from './notify.ts';

const HOUR_MS = 3_600_000;
const TEMPLATE = {
  DUE_SOON: 'TENDER_CHOOSE_SOON',
  OVERDUE: 'TENDER_CHOOSE_OVERDUE',
} as const satisfies Record<ChooseReminderKind, string>;

/** The tenders whose next reminder is due at `at`, as `select … from tenders t where …` parts. */
function dueWhere(at: Date) {
  const soonFrom = new Date(at.getTime() - (CHOOSE_WITHIN_HOURS - CHOOSE_REMINDER_HOURS_LEFT) * HOUR_MS);
  const overdueFrom = new Date(at.getTime() - CHOOSE_WITHIN_HOURS * HOUR_MS);
  const kind = sql`(case when t.finish <= ${overdueFrom} then 'OVERDUE' else 'DUE_SOON' end)`;
  const where = sql`t.status in ('FINISHED','CHOOSING') and t.finish <= ${soonFrom}
    and not exists (select 1 from tender_choose_reminders r
      where r.tender_id = t.id and r.finish = t.finish and r.kind = ${kind})`;
  return { kind, where };
}

/** Who is reminded of a tender: its creator and the active managers of its group (each address once). */
async function recipients(db: Db, tenderId: number) {
  return queryRows<{ email: string; language: string }>(
    db,
    sql`select distinct on (lower(u.email)) u.email, u.language from users u
      where u.is_active and not u.is_deleted and (
        u.id = (select creator_id from tenders where id = ${tenderId})
        or (u."group" in (${sql.join(
          MANAGERS.map((m) => sql`${m}`),
          sql`, `,
        )}) and exists (select 1 from user_groups ug join tenders t on t.group_id = ug.group_id
          where ug.user_id = u.id and t.id = ${tenderId})))
      order by lower(u.email), u.id`,
  );
}

/** One scheduler pass of the clock: writes the due reminders and queues their mails. Returns what it reminded. */
export async function remindChoosers(db: Db): Promise<{ tenderId: number; kind: ChooseReminderKind }[]> {
  const at = now();
  const { kind, where } = dueWhere(at);
  // Most passes find nothing: one read on the choosing tenders' index says so, with no transaction.
  const [due] = await queryPrepared<{ due: boolean }>(
    db,
    sql`select exists (select 1 from tenders t where ${where}) as due`,
  );
  if (!due?.due) return [];
  return transaction(db, async (tx) => {
    const sent = await queryRows<{
      tender_id: number;
      kind: ChooseReminderKind;
      finish: Date | string;
      status: TenderStatus;
      code: string;
      group_name: string;
      warehouse_name: string;
    }>(
      tx,
      sql`with added as (
        insert into tender_choose_reminders (tender_id, kind, finish, sent)
        select t.id, ${kind}, t.finish, ${at} from tenders t where ${where}
        order by t.id
        on conflict do nothing
        returning tender_id, kind, finish)
      select a.tender_id, a.kind, a.finish, t.status, t.tender_code as code, g.name as group_name,
        w.name as warehouse_name
      from added a join tenders t on t.id = a.tender_id join groups g on g.id = t.group_id
      join warehouses w on w.id = t.warehouse_id order by a.tender_id`,
    );
    for (const r of sent) {
      const finish = new Date(r.finish);
      const context = {
        tender_id: String(r.tender_id),
        tender_code: r.code,
        tender_finish: finish.toISOString(),
        choose_by: (chooseBy(r.status, finish) ?? finish).toISOString(),
        tender_group_name: r.group_name,
        tender_warehouse_name: r.warehouse_name,
      };
      for (const u of await recipients(tx, Number(r.tender_id))) {
        await queueTenderEmail(
          tx,
          { to: u.email, template: TEMPLATE[r.kind], type: 'INTERNAL', language: languageOf(u), context },
          `choose-${r.kind.toLowerCase()}:${r.tender_id}:${finish.getTime()}:${u.email.toLowerCase()}`,
        );
      }
    }
    return sent.map((r) => ({ tenderId: Number(r.tender_id), kind: r.kind }));
  });
}
