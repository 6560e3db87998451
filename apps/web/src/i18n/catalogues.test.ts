// Every catalogue (base i18n/<lang>.json and each features/<area>/i18n/<name>.<lang>.json) has the same keys in
// et, ru and en, and no empty value; every server message key has a translation under errors.<key>.
import fs from 'node:fs';
import path from 'node:path';
import { COMMENT_ERROR_KEYS, MSG, TEMPLATE_DEFINITIONS } from '@portal/shared';
import { describe, expect, it } from 'vitest';

const LANGS = ['et', 'ru', 'en'] as const;
const webSrc = path.resolve(import.meta.dirname, '..');
type Catalogue = { [key: string]: string | Catalogue };

function flatten(c: Catalogue, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [k, v] of Object.entries(c)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object' && !Array.isArray(v))
      for (const [kk, vv] of flatten(v, key)) out.set(kk, vv);
    else out.set(key, v);
  }
  return out;
}
const read = (file: string) => flatten(JSON.parse(fs.readFileSync(file, 'utf8')) as Catalogue);

/** Catalogue groups: "base" → {et: file, ru: file, en: file}, "<area>/<name>" → … */
function groups(): Map<string, Partial<Record<string, string>>> {
  const out = new Map<string, Partial<Record<string, string>>>();
  for (const l of LANGS) out.set('base', { ...out.get('base'), [l]: path.join(webSrc, 'i18n', `${l}.json`) });
  const features = path.join(webSrc, 'features');
  for (const area of fs.existsSync(features) ? fs.readdirSync(features) : []) {
    const dir = path.join(features, area, 'i18n');
    if (!fs.existsSync(dir)) continue;
    for (const f of fs.readdirSync(dir)) {
      const m = /^(.+)\.([a-z]{2})\.json$/.exec(f);
      if (!m) continue;
      const key = `${area}/${m[1]}`;
      out.set(key, { ...out.get(key), [m[2]]: path.join(dir, f) });
    }
  }
  return out;
}

describe('translation catalogues', () => {
  for (const [name, files] of groups()) {
    describe(name, () => {
      it('exists in et, ru and en only', () => expect(Object.keys(files).sort()).toEqual([...LANGS].sort()));

      it('has the same keys in every language', () => {
        const et = [...read(files.et as string).keys()].sort();
        for (const l of LANGS)
          expect([...read(files[l] as string).keys()].sort(), `${name} ${l}`).toEqual(et);
      });

      it('has no empty or non-text values', () => {
        for (const l of LANGS) {
          const empty = [...read(files[l] as string)]
            .filter(([, v]) => typeof v !== 'string' || !v.trim())
            .map(([k]) => k);
          expect(empty, `${name} ${l}`).toEqual([]);
        }
      });
    });
  }

  it('translates every server message key in every language', () => {
    const keys = Object.values(MSG);
    for (const l of LANGS) {
      const merged = new Map<string, unknown>();
      for (const files of groups().values()) for (const [k, v] of read(files[l] as string)) merged.set(k, v);
      const missing = keys.filter((k) => !merged.has(`errors.${k}`));
      expect(missing, l).toEqual([]);
    }
  });

  it("translates the shared comment rule's keys beside the tender view that checks it", () => {
    for (const l of LANGS) {
      const catalogue = read(groups().get('tenders/common')?.[l] as string);
      const missing = COMMENT_ERROR_KEYS.filter((k) => !catalogue.get(`errors.${k}`));
      expect(missing, l).toEqual([]);
    }
  });

  it('names every e-mail template and its audience in words in every language (/notifications)', () => {
    for (const l of LANGS) {
      const merged = new Map<string, unknown>();
      for (const files of groups().values()) for (const [k, v] of read(files[l] as string)) merged.set(k, v);
      const missing = TEMPLATE_DEFINITIONS.flatMap((d) => [
        `setup.notifications.keys.${d.key}_${d.type}`,
        `setup.notifications.types.${d.type}`,
      ]).filter((k) => !merged.has(k));
      expect(missing, l).toEqual([]);
    }
  });
});
