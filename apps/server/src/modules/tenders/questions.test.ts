// Questions while a tender runs (issue 32, point 6), through the API with the test clock, the outbox and the SMTP
// catcher: who may ask and answer in which state, what each caller is shown (never the asking company), the mails,
// and a finish moved later: offers after the old finish are taken until the new one, then refused.
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { startSmtpCatcher } from '../../../../../tools/simulators/smtp-catcher.ts';
import {
  emailSettings,
  history,
  outbox,
  suppliers,
  tenderQuestions,
  tenders,
  users,
} from '../../db/schema/index.ts';
import { DEFAULT_TEMPLATES } from '../../db/seed/templates.ts';
import { freeze, now, setNow } from '../../lib/clock.ts';
import { testContext } from '../../test/context.ts';
import { buildProducer, buildSupplier, buildUser } from '../../test/factories.ts';
import { advance, buildTender, offer, offerLine, patchTender, setClock } from '../../test/tenders.ts';

const smtp = await startSmtpCatcher({ port: 0 });
afterAll(() => smtp.close());
const ctx = await testContext({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
await ctx.db
  .insert(emailSettings)
  .values({ id: 1, fromEmail: 'portal@example.test', adminEmail: 'purchasing@example.test' })
  .onConflictDoNothing();
// The asking company and user carry names that must never reach another caller.
await ctx.db.update(suppliers).set({ name: 'Küsija Varuosad OÜ' }).where(eq(suppliers.id, ctx.supplierCo.id));
await ctx.db
  .update(users)
  .set({ firstName: 'Kalle', lastName: 'Küsija' })
  .where(eq(users.id, ctx.users.supplier.id));
// supplier2 reads English mails.
await ctx.db.update(users).set({ language: 'en' }).where(eq(users.id, ctx.users.supplier2.id));
const outsiderCo = await buildSupplier(ctx.db, {}, [ctx.group2.id]);
const outsider = await buildUser(ctx.db, {
  group: 'SUPPLIER',
  supplierId: outsiderCo.id,
  supplierRole: 'ADVANCED',
  isAdmin: true,
});

type Who = Parameters<typeof ctx.as>[0];
const ask = (who: Who, tenderId: number, payload: object) =>
  ctx.as(who, { method: 'POST', url: `/api/tenders/${tenderId}/questions/`, payload });
const answer = (who: Who, tenderId: number, qid: number, payload: object) =>
  ctx.as(who, { method: 'PATCH', url: `/api/tenders/${tenderId}/questions/${qid}/`, payload });
const list = (who: Who, tenderId: number) =>
  ctx.as(who, { method: 'GET', url: `/api/tenders/${tenderId}/questions/` });
const questionCount = async (tenderId: number) =>
  (await ctx.db.select().from(tenderQuestions).where(eq(tenderQuestions.tenderId, tenderId))).length;
const mailKeys = async (prefix: string) =>
  (
    await ctx.db
      .select({ key: outbox.dedupeKey, payload: outbox.payload })
      .from(outbox)
      .where(like(outbox.dedupeKey, `${prefix}%`))
  ).map((r) => ({ key: r.key as string, payload: r.payload as { to: string; language: string } }));
const deliver = async () => {
  await ctx.app.outbox.runOnce();
  return smtp.messages;
};

beforeEach(async () => {
  await ctx.app.outbox.runOnce();
  smtp.clear();
});

describe('asking', () => {
  it('a supplier who writes the offers asks on an ACTIVE tender or its line; others are refused, nothing written', async () => {
    const t = await buildTender(ctx, 'ACTIVE');
    const ok = await ask('supplier', t.id, { question: '  Kas OEM on nõutud?  ', detail: t.lines[0] });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({
      question: 'Kas OEM on nõutud?',
      detail: t.lines[0],
      answer: null,
      mine: true,
    });
    const whole = await ask('supplier2', t.id, { question: 'Is the quantity per piece or per set?' });
    expect(whole.statusCode, whole.body).toBe(201);
    expect(whole.json().detail).toBeNull();
    expect(await questionCount(t.id)).toBe(2);

    const refused: [Who, object, number, unknown][] = [
      ['admin', { question: 'q' }, 403, { detail: 'forbidden' }],
      ['master', { question: 'q' }, 403, { detail: 'forbidden' }],
      // A PLAIN employee of a company that keeps its offers from employees does not write for it.
      ['employee', { question: 'q' }, 403, { detail: 'forbidden' }],
      ['supplier', { question: '   ' }, 400, { question: ['blank'] }],
      ['supplier', { question: 'x'.repeat(1001) }, 400, { question: ['too_long'] }],
      ['supplier', {}, 400, { question: ['required'] }],
      ['supplier', { question: 'q', detail: 2147483000 }, 400, { detail: ['invalid_choice'] }],
      ['supplier', { question: 'q', detail: 'x' }, 400, { detail: ['invalid'] }],
    ];
    for (const [who, payload, code, body] of refused) {
      const res = await ask(who, t.id, payload);
      expect(res.statusCode, `${who} ${JSON.stringify(payload)}: ${res.body}`).toBe(code);
      expect(res.json()).toEqual(body);
    }
    // A line of another tender is not this tender's.
    const other = await buildTender(ctx, 'WAITING', { lines: 1 });
    const cross = await ask('supplier', t.id, { question: 'q', detail: other.lines[0] });
    expect(cross.statusCode).toBe(400);
    expect(cross.json()).toEqual({ detail: ['invalid_choice'] });
    // A company that does not serve the tender's group does not see it at all.
    const out = await ctx.app.inject({
      method: 'POST',
      url: `/api/tenders/${t.id}/questions/`,
      headers: { authorization: `Token ${await ctx.login(outsider.email)}` },
      payload: { question: 'q' },
    });
    expect(out.statusCode).toBe(404);
    expect(await questionCount(t.id)).toBe(2);
  });

  it('only while ACTIVE: not before the start, not after the finish, never on a DRAFT', async () => {
    for (const status of ['WAITING', 'FINISHED', 'CHOOSING', 'ORDERED', 'CANCELED'] as const) {
      const t = await buildTender(ctx, status, { lines: 1 });
      const res = await ask('supplier', t.id, { question: 'Late question?' });
      expect(res.statusCode, `${status}: ${res.body}`).toBe(400);
      expect(res.json()).toEqual({ status: ['wrong_tender_state'] });
      expect(await questionCount(t.id)).toBe(0);
    }
    const draft = await buildTender(ctx, 'DRAFT', { lines: 1 });
    expect((await ask('supplier', draft.id, { question: 'q' })).statusCode).toBe(404);
  });
});

describe('answering and what each caller sees', () => {
  it('buyers see a question at once; once answered every supplier does, without the asking company', async () => {
    const t = await buildTender(ctx, 'ACTIVE');
    const q = (await ask('supplier', t.id, { question: 'Kas OEM on nõutud?', detail: t.lines[0] })).json();

    // Before the answer: buyers (even a Master) and the asking company; not the others.
    for (const who of ['admin', 'contractor', 'master'] as const) {
      const res = await list(who, t.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([expect.objectContaining({ id: q.id, answer: null, mine: false })]);
    }
    expect((await list('supplier', t.id)).json()).toEqual([
      expect.objectContaining({ id: q.id, mine: true }),
    ]);
    expect((await list('supplier2', t.id)).json()).toEqual([]);
    expect((await list('employee', t.id)).json()).toEqual([]);

    // A supplier may not answer; a blank answer is refused; nothing changes.
    expect((await answer('supplier', t.id, q.id, { answer: 'yes' })).statusCode).toBe(403);
    const blank = await answer('admin', t.id, q.id, { answer: ' ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ answer: ['blank'] });
    expect((await answer('admin', t.id, 999999999, { answer: 'yes' })).statusCode).toBe(404);

    const res = await answer('master', t.id, q.id, { answer: 'Jah, ainult OEM.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ answer: 'Jah, ainult OEM.', answered: expect.any(String) });

    for (const who of ['supplier2', 'employee'] as const) {
      const seen = await list(who, t.id);
      expect(seen.json()).toEqual([
        {
          id: q.id,
          detail: t.lines[0],
          question: 'Kas OEM on nõutud?',
          answer: 'Jah, ainult OEM.',
          asked: q.asked,
          answered: expect.any(String),
          mine: false,
        },
      ]);
      // Not the company, not the user, not their ids.
      for (const secret of [
        'Küsija',
        'Kalle',
        ctx.users.supplier.email,
        `"supplier":${ctx.supplierCo.id}`,
        `"user":${ctx.users.supplier.id}`,
      ])
        expect(seen.body).not.toContain(secret);
    }
    expect((await list('supplier', t.id)).json()[0].mine).toBe(true);
    // The history names no asker (buyers read it once the tender is opened).
    const rows = await ctx.db.select().from(history).where(eq(history.tenderId, t.id));
    const asked = rows.find((r) => r.entity === 'question' && r.action === 'asked');
    expect(asked).toMatchObject({ userId: null, userName: null, data: { detail: t.lines[0] } });
    expect(rows.find((r) => r.entity === 'question' && r.action === 'answered')?.userId).toBe(
      ctx.users.master.id,
    );
  });

  it('answers are allowed while ACTIVE and after (not on a cancelled tender); the first answer is what is mailed', async () => {
    const t = await buildTender(ctx, 'ACTIVE', { lines: 1 });
    const q = (await ask('supplier2', t.id, { question: 'Per piece or per set?' })).json();
    await advance(ctx, 3600);
    expect((await ctx.db.select().from(tenders).where(eq(tenders.id, t.id)))[0].status).toBe('FINISHED');
    const first = await answer('contractor', t.id, q.id, { answer: 'Per piece.' });
    expect(first.statusCode, first.body).toBe(200);
    const again = await answer('contractor', t.id, q.id, { answer: 'Per piece (one piece = one pad).' });
    expect(again.statusCode).toBe(200);
    expect(again.json().answered).toBe(first.json().answered);
    // One mail per user of the participants (both companies offered), not one more for the correction.
    expect((await mailKeys(`tender-answer:${q.id}:`)).length).toBe(3);
    const shown = (await list('supplier', t.id)).json();
    expect(shown[0].answer).toBe('Per piece (one piece = one pad).');

    const c = await buildTender(ctx, 'ACTIVE', { lines: 1 });
    const cq = (await ask('supplier', c.id, { question: 'q?' })).json();
    expect((await patchTender(ctx, c.id, { status: 'CANCELED' })).statusCode).toBe(200);
    const late = await answer('admin', c.id, cq.id, { answer: 'a' });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ status: ['wrong_tender_state'] });
    // A cancelled tender still shows what was answered before (nothing here).
    expect((await list('supplier2', c.id)).json()).toEqual([]);
  });
});

describe('mails through the outbox', () => {
  it('a question goes to the buyers, an answer to the watchers and participants; none names the asker', async () => {
    const t = await buildTender(ctx, 'ACTIVE', { lines: 1 });
    const tender = (await ctx.as('admin', { method: 'GET', url: `/api/tenders/${t.id}/` })).json();
    const q = (await ask('supplier', t.id, { question: 'Kas originaal?', detail: t.lines[0] })).json();
    const asked = await mailKeys(`tender-question:${q.id}:`);
    // The creator (admin), the group's buyer staff (contractor, master) and the purchasing address.
    expect(asked.map((m) => m.payload.to).sort()).toEqual(
      [
        ctx.users.admin.email,
        ctx.users.contractor.email,
        ctx.users.master.email,
        'purchasing@example.test',
      ].sort(),
    );
    let mails = await deliver();
    const toBuyer = mails.find((m) => m.to.includes(ctx.users.master.email));
    expect(toBuyer?.subject).toBe(`Küsimus hankes ${tender.tender_code}`);
    expect(toBuyer?.text).toContain('Kas originaal?');
    for (const m of mails) expect(m.text).not.toMatch(/Küsija|Kalle/);
    smtp.clear();

    const res = await answer('admin', t.id, q.id, { answer: 'Originaal või samaväärne.' });
    expect(res.statusCode).toBe(200);
    // Both companies offered in the tender: their users (supplier, employee, supplier2).
    expect((await mailKeys(`tender-answer:${q.id}:`)).map((m) => m.payload.to).sort()).toEqual(
      [ctx.users.supplier.email, ctx.users.employee.email, ctx.users.supplier2.email].sort(),
    );
    mails = await deliver();
    expect(mails).toHaveLength(3);
    const english = mails.find((m) => m.to.includes(ctx.users.supplier2.email));
    expect(english?.subject).toBe(`A question on tender ${tender.tender_code} was answered`);
    expect(english?.text).toContain('Originaal või samaväärne.');
    expect(english?.text).toContain('Kas originaal?');
    for (const m of mails) expect(m.text).not.toMatch(/Küsija|Kalle/);
  });
});

describe('a finish moved later with an answer', () => {
  it('takes offers after the old finish until the new one; the scheduler moves the tender at the new finish', async () => {
    const t = await buildTender(ctx, 'ACTIVE', { lines: 1 });
    const [row] = await ctx.db.select().from(tenders).where(eq(tenders.id, t.id));
    const oldFinish = row.finish;
    const newFinish = new Date(oldFinish.getTime() + 2 * 3600_000);
    const q = (await ask('supplier2', t.id, { question: 'Does the part need a certificate?' })).json();

    // Who may move it, and to when.
    const master = await answer('master', t.id, q.id, { answer: 'Yes.', finish: newFinish.toISOString() });
    expect(master.statusCode).toBe(403);
    const earlier = await answer('contractor', t.id, q.id, {
      answer: 'Yes.',
      finish: new Date(oldFinish.getTime() - 60_000).toISOString(),
    });
    expect(earlier.statusCode).toBe(400);
    expect(earlier.json()).toEqual({ finish: ['finish_not_later'] });
    const garbage = await answer('contractor', t.id, q.id, { answer: 'Yes.', finish: 'tomorrow' });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json()).toEqual({ finish: ['invalid'] });
    const unchanged = (await ctx.db.select().from(tenders).where(eq(tenders.id, t.id)))[0];
    expect(unchanged.finish.getTime()).toBe(oldFinish.getTime());
    expect(
      (await ctx.db.select().from(tenderQuestions).where(eq(tenderQuestions.id, q.id)))[0].answer,
    ).toBeNull();

    const res = await answer('contractor', t.id, q.id, {
      answer: 'Yes, an EC certificate per batch.',
      finish: newFinish.toISOString(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const shown = (await ctx.as('supplier2', { method: 'GET', url: `/api/tenders/${t.id}/` })).json();
    expect(new Date(shown.finish).getTime()).toBe(newFinish.getTime());
    const h = await ctx.db
      .select()
      .from(history)
      .where(and(eq(history.tenderId, t.id), eq(history.action, 'finish_extended')));
    expect(h[0]).toMatchObject({
      entity: 'tender',
      userId: ctx.users.contractor.id,
      data: { from: oldFinish.toISOString(), to: newFinish.toISOString(), question: q.id },
    });

    // Every supplier who may see the tender is told (the group's: supplier, employee, supplier2), in Tallinn time.
    const extended = await mailKeys(`tender-extended:${t.id}:`);
    expect(extended.map((m) => m.payload.to).sort()).toEqual(
      [ctx.users.supplier.email, ctx.users.employee.email, ctx.users.supplier2.email].sort(),
    );
    const mails = await deliver();
    const english = mails.find((m) => m.subject.startsWith(`Tender ${shown.tender_code} has been extended`));
    const tallinn = (d: Date) =>
      new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Europe/Tallinn',
        day: '2-digit',
        month: '2-digit',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        hour12: false,
      })
        .format(d)
        .replace(/\//g, '.')
        .replace(',', '');
    expect(english?.text).toContain(`previous end ${tallinn(oldFinish)}, new end ${tallinn(newFinish)}`);

    // Past the old finish: the scheduler leaves it ACTIVE and an offer is taken.
    const moved = await setClock(ctx, new Date(oldFinish.getTime() + 60_000));
    expect(moved.finished).not.toContain(t.id);
    const p = await buildProducer(ctx.db);
    const late = await offer(ctx, 'supplier2', t.id, [
      { detail: t.lines[0], offers: [offerLine(p.id, '7.5')] },
    ]);
    expect(late.statusCode, late.body).toBe(200);
    // A second extension is the same rule: later than the current finish only.
    const q2 = (await ask('supplier', t.id, { question: 'And the packaging?' })).json();
    const back = await answer('admin', t.id, q2.id, { answer: 'Any.', finish: oldFinish.toISOString() });
    expect(back.statusCode).toBe(400);

    // At the new finish: refused, and the scheduler moves it.
    const fin = await setClock(ctx, newFinish);
    expect(fin.finished).toContain(t.id);
    const refused = await offer(ctx, 'supplier', t.id, [
      { detail: t.lines[0], offers: [offerLine(p.id, '6.5')] },
    ]);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toMatch(/deadline_passed|wrong_tender_state/);
    // No more extensions once FINISHED (an answer alone is still fine).
    const after = await answer('admin', t.id, q2.id, {
      answer: 'Any.',
      finish: new Date(newFinish.getTime() + 3600_000).toISOString(),
    });
    expect(after.statusCode).toBe(400);
    expect(after.json()).toEqual({ status: ['wrong_tender_state'] });
    expect((await answer('admin', t.id, q2.id, { answer: 'Any.' })).statusCode).toBe(200);
  });

  it('a finish moved at the moment the scheduler ends the tender: one of the two wins, never both', async () => {
    const t = await buildTender(ctx, 'ACTIVE', { lines: 1 });
    const [row] = await ctx.db.select().from(tenders).where(eq(tenders.id, t.id));
    const q = (await ask('supplier', t.id, { question: 'OEM only?' })).json();
    const newFinish = new Date(row.finish.getTime() + 3600_000);
    // The clock frozen at the old finish: the scheduler's tick and the answer with a later finish start together.
    freeze(row.finish);
    try {
      const [res] = await Promise.all([
        answer('contractor', t.id, q.id, { answer: 'Yes, OEM only.', finish: newFinish.toISOString() }),
        ctx.app.scheduler.runOnce(),
      ]);
      await ctx.app.scheduler.runOnce();
      const [after] = await ctx.db.select().from(tenders).where(eq(tenders.id, t.id));
      if (res.statusCode === 200) {
        expect(after.status).toBe('ACTIVE');
        expect(after.finish.getTime()).toBe(newFinish.getTime());
      } else {
        expect(res.json()).toEqual({ status: ['wrong_tender_state'] });
        expect(after.status).toBe('FINISHED');
        expect(after.finish.getTime()).toBe(row.finish.getTime());
      }
    } finally {
      setNow(now()); // ticking again from where it stood
    }
  });

  it('an offer after the old finish is refused when nobody moved it (the rule the extension relies on)', async () => {
    const t = await buildTender(ctx, 'ACTIVE', { lines: 1 });
    const [row] = await ctx.db.select().from(tenders).where(eq(tenders.id, t.id));
    await setClock(ctx, new Date(row.finish.getTime() + 60_000));
    const p = await buildProducer(ctx.db);
    const res = await offer(ctx, 'supplier2', t.id, [
      { detail: t.lines[0], offers: [offerLine(p.id, '7.5')] },
    ]);
    expect(res.statusCode).toBe(400);
  });
});

describe('the templates', () => {
  it('migration 0018 put the shipped texts of the three templates on the notifications screen', async () => {
    const res = await ctx.as('admin', { method: 'GET', url: '/api/email_templates/?page_size=0' });
    const rows = (
      res.json() as {
        key: string;
        type: string;
        language: 'EST' | 'RUS' | 'ENG';
        subject: string;
        content: string;
      }[]
    ).filter((r) => ['TENDER_QUESTION', 'TENDER_ANSWER', 'TENDER_EXTENDED'].includes(r.key));
    expect(rows).toHaveLength(9);
    for (const r of rows) {
      const shipped = DEFAULT_TEMPLATES.find((d) => d.key === r.key && d.type === r.type)?.texts[r.language];
      expect({ subject: r.subject, content: r.content }).toEqual(shipped);
    }
  });
});
