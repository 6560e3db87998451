// The history's sentences for questions (issue 32): in each language, naming the part but never the asker.
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import commonEn from '../i18n/common.en.json';
import commonEt from '../i18n/common.et.json';
import commonRu from '../i18n/common.ru.json';
import questionsEn from '../i18n/questions.en.json';
import questionsEt from '../i18n/questions.et.json';
import questionsRu from '../i18n/questions.ru.json';
import viewEn from '../i18n/view.en.json';
import viewEt from '../i18n/view.et.json';
import viewRu from '../i18n/view.ru.json';
import type { HistoryEntry } from '../viewApi.ts';
import { historySentence } from './sentence.ts';

type Catalogue = { [k: string]: string | Catalogue };
const merge = (into: Catalogue, from: Catalogue): Catalogue => {
  for (const [k, v] of Object.entries(from))
    if (typeof v === 'object' && typeof into[k] === 'object') merge(into[k] as Catalogue, v);
    else into[k] = v;
  return into;
};
const CATALOGUES = {
  et: [commonEt, viewEt, questionsEt],
  ru: [commonRu, viewRu, questionsRu],
  en: [commonEn, viewEn, questionsEn],
} as const;

async function tOf(lang: 'et' | 'ru' | 'en') {
  const i = i18next.createInstance();
  const translation = CATALOGUES[lang].reduce<Catalogue>(
    (out, c) => merge(out, structuredClone(c) as Catalogue),
    {},
  );
  await i.init({ lng: lang, resources: { [lang]: { translation } }, interpolation: { escapeValue: false } });
  return i.t;
}

const entry = (e: Partial<HistoryEntry>): HistoryEntry => ({
  id: 1,
  entity: 'question',
  entity_id: 7,
  action: 'asked',
  user_name: null,
  data: {},
  created: '2026-03-01T10:00:00.000Z',
  ...e,
});

describe('question sentences', () => {
  it('reads a question, an answer and a moved end time in et, ru and en', async () => {
    const en = await tOf('en');
    const say = (e: HistoryEntry, t = en) => historySentence(e, t, 'en').text;
    expect(say(entry({ data: { detail: 12 }, names: { part: 'Brake pad' } }))).toBe(
      'A supplier asked a question about Brake pad',
    );
    expect(say(entry({}))).toBe('A supplier asked a question about the tender');
    expect(say(entry({ action: 'answered', user_name: 'Mari Maasikas' }))).toBe('A question was answered');
    expect(
      say(
        entry({
          entity: 'tender',
          action: 'finish_extended',
          data: { from: '2026-03-02T10:00:00.000Z', to: '2026-03-03T12:30:00.000Z' },
        }),
      ),
    ).toBe('End time moved from 02.03.2026 12:00 to 03.03.2026 14:30');
    for (const lang of ['et', 'ru'] as const) {
      const t = await tOf(lang);
      const text = historySentence(entry({ action: 'answer_changed' }), t, lang).text;
      expect(text).not.toMatch(/sentence|question_/);
    }
  });
});
