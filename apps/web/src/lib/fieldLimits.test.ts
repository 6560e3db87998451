// Field limits come from packages/shared (FIELD_MAX and the named limits) on both sides: the server's request
// schemas read them, and so does every input's maxLength here. A number typed into a maxLength would drift from the
// server's limit unnoticed, so none is left in the web's sources.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const webSrc = path.resolve(import.meta.dirname, '..');
const sources = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });

/** `maxLength={200}` or `maxLength: 200`: a limit typed as a number. */
const literalLimits = (text: string) => [...text.matchAll(/maxLength(?:=\{|:\s*)(\d+)/g)].map((m) => m[0]);

describe('field limits', () => {
  it('spots a limit typed as a number', () => {
    expect(
      literalLimits('<Input maxLength={200} /> <Input maxLength={FIELD_MAX.name} /> { maxLength: 35 }'),
    ).toEqual(['maxLength={200', 'maxLength: 35']);
  });

  it('no web input types its maxLength as a number (the shared constants say it)', () => {
    const found = sources(webSrc).flatMap((f) =>
      literalLimits(fs.readFileSync(f, 'utf8')).map((m) => `${path.relative(webSrc, f)}: ${m}`),
    );
    expect(found).toEqual([]);
  });
});
