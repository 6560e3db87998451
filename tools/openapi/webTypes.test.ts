// One contract from the database to the screen: the web types what the server answers from packages/shared
// (z.infer of the server's own response schemas), never by hand. This test reads the OpenAPI document (every object
// the server answers, with its field names) and every web source file, and fails on a web `interface`, object
// `type`, or type literal given to api<…>() whose fields are a server answer's: a hand-typed copy that would drift
// from the server's schema unnoticed. Types the screens make for themselves (props, view state) share at most a field
// or two with an answer and pass. A form's values are what the web sends, not an answer: a `…Values` type, or a shape
// without an id whose fields all belong to one request body (a form's row), is not taken for a copied answer; an
// object with its id is the server's row, and is.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../apps/server/src/app.ts';
import { testConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';

const root = path.resolve(import.meta.dirname, '../..');
const webSrc = path.join(root, 'apps/web/src');

/** A web declaration of an object's fields. */
interface Declared {
  where: string;
  name: string;
  fields: string[];
}

/** Every object shape in a JSON schema: its property names, sorted. */
function answerShapes(schema: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) for (const s of schema) answerShapes(s, out);
  else if (schema && typeof schema === 'object') {
    const props = (schema as { properties?: Record<string, unknown> }).properties;
    if (props && Object.keys(props).length) out.add(Object.keys(props).sort().join(','));
    for (const v of Object.values(schema)) answerShapes(v, out);
  }
  return out;
}

const memberNames = (members: ts.NodeArray<ts.TypeElement>) =>
  members.flatMap((m) =>
    ts.isPropertySignature(m) && m.name && !ts.isComputedPropertyName(m.name) ? [m.name.text] : [],
  );

/** The object shapes a web source file declares: interfaces, object type aliases, type literals given to api<…>(). */
function declaredShapes(file: string, text: string): Declared[] {
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const out: Declared[] = [];
  const at = (n: ts.Node) =>
    `${path.relative(root, file)}:${source.getLineAndCharacterOfPosition(n.getStart()).line + 1}`;
  const literals = (n: ts.Node, name: string) => {
    if (ts.isTypeLiteralNode(n)) out.push({ where: at(n), name, fields: memberNames(n.members) });
    n.forEachChild((c) => literals(c, name));
  };
  const visit = (n: ts.Node) => {
    if (ts.isInterfaceDeclaration(n))
      out.push({ where: at(n), name: n.name.text, fields: memberNames(n.members) });
    else if (ts.isTypeAliasDeclaration(n)) literals(n.type, n.name.text);
    else if (ts.isCallExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === 'api')
      for (const a of n.typeArguments ?? []) literals(a, 'api<…>');
    n.forEachChild(visit);
  };
  visit(source);
  return out;
}

/**
 * A declaration copies an answer when all its fields (two or more) are the fields of one object the server answers,
 * and it names all of them or at least three (a pick of an answer's fields is typed with Pick<> of the shared type).
 */
function copies(declared: Declared, answers: Set<string>, requests = new Set<string>()): string | null {
  const fields = [...new Set(declared.fields)].sort();
  if (fields.length < 2) return null;
  const within = (shape: string) => fields.every((f) => shape.split(',').includes(f));
  if (/Values$/.test(declared.name)) return null;
  if (!fields.includes('id') && [...requests].some(within)) return null;
  for (const shape of answers) {
    const names = shape.split(',');
    if (fields.every((f) => names.includes(f)) && (fields.length >= 3 || fields.length === names.length))
      return shape;
  }
  return null;
}

const webFiles = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return webFiles(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });

describe('the web types what the server answers from packages/shared', () => {
  const answers = new Set<string>();
  const requests = new Set<string>();
  let close = async () => {};
  beforeAll(async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    const app = await buildApp({ config: testConfig(), database });
    await app.ready();
    close = async () => {
      await app.close();
      await database.close();
    };
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { requestBody?: unknown; responses?: Record<string, unknown> }>>;
    };
    for (const ops of Object.values(doc.paths))
      for (const op of Object.values(ops)) {
        answerShapes(op.requestBody, requests);
        for (const [code, answer] of Object.entries(op.responses ?? {}))
          if (/^2/.test(code)) answerShapes(answer, answers);
      }
  });
  afterAll(() => close());

  it('reads the answers of the document (the check has something to compare with)', () => {
    expect(answers.size).toBeGreaterThan(50);
    expect(answers).toContain('id,is_active,is_deleted,name'); // GET /groups/
  });

  it('finds no web interface or type that copies a server answer', () => {
    const found = webFiles(webSrc).flatMap((f) =>
      declaredShapes(f, fs.readFileSync(f, 'utf8')).flatMap((d) => {
        const shape = copies(d, answers, requests);
        return shape ? [`${d.where} ${d.name} {${d.fields.join(', ')}} copies an answer {${shape}}`] : [];
      }),
    );
    expect(found).toEqual([]);
  });
});

describe('the copy check itself', () => {
  const answers = answerShapes({
    anyOf: [
      {
        properties: {
          results: { items: { properties: { id: {}, name: {}, is_active: {}, is_deleted: {} } } },
        },
      },
    ],
  });
  const shapes = (text: string) => declaredShapes('/x/api.ts', text);

  it('flags a hand-typed answer, whole or three of its fields, as an interface, a type or api<…>()', () => {
    for (const text of [
      'interface GroupItem { id: number; name: string; is_active: boolean; is_deleted: boolean }',
      'export interface GroupOption { id: number; name: string; is_active: boolean }',
      'type G = { id: number; name: string; is_active: boolean };',
      "const g = api<Paged<{ id: number; name: string; is_deleted: boolean }>>('GET', '/groups/');",
    ])
      expect(
        shapes(text).map((d) => copies(d, answers)),
        text,
      ).toEqual(['id,is_active,is_deleted,name']);
  });

  it("passes the screens' own types, a field or two of an answer, and a form's values (a request body's fields)", () => {
    const requests = answerShapes({ properties: { name: {}, is_active: {}, is_deleted: {} } });
    expect(
      copies(shapes('type Row = { name: string; is_active: boolean };')[0], answers, requests),
    ).toBeNull();
    expect(
      copies(shapes('type Values = { id: number; name: string; is_active: boolean };')[0], answers),
    ).toBeNull();
    expect(
      copies(shapes('type G = { id: number; name: string; is_active: boolean };')[0], answers, requests),
    ).toBe('id,is_active,is_deleted,name');
    for (const text of [
      'interface Props { id: number; onClose: () => void }',
      'type Pick2 = { id: number; name: string };',
      'interface MatrixView { sort: string; desc: boolean }',
    ])
      expect(
        shapes(text).map((d) => copies(d, answers)),
        text,
      ).toEqual([null]);
  });
});
