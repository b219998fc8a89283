/**
 * The breaking-change guard refuses a removal or a type change unless the element was deprecated with a reason and the
 * CHANGELOG names it. Exercised on the real printed schema, modified in memory.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  buildSchema,
  type DocumentNode,
  type FieldDefinitionNode,
  isEnumType,
  Kind,
  type ObjectTypeDefinitionNode,
  parse,
  print,
  visit,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import { ENUM_GROWTH, PUBLISHED_SCHEMA, refusedSchemaChanges } from '../../scripts/schema-guard.ts';

const root = path.resolve(import.meta.dirname, '../..');
const published = fs.readFileSync(path.join(root, PUBLISHED_SCHEMA), 'utf8');
const changelog = fs.readFileSync(path.join(root, 'CHANGELOG.md'), 'utf8');

/** The published SDL with one object field rewritten (or removed when `change` answers null). */
function withField(
  sdl: string,
  typeName: string,
  fieldName: string,
  change: (field: FieldDefinitionNode) => FieldDefinitionNode | null,
): string {
  const doc = visit(parse(sdl), {
    ObjectTypeDefinition(node: ObjectTypeDefinitionNode) {
      if (node.name.value !== typeName) return undefined;
      const fields = (node.fields ?? []).flatMap((field) =>
        field.name.value === fieldName ? [change(field)].filter((f) => f !== null) : [field],
      );
      expect(
        node.fields?.some((field) => field.name.value === fieldName),
        `${typeName}.${fieldName}`,
      ).toBe(true);
      return { ...node, fields };
    },
  }) as DocumentNode;
  return print(doc);
}

const deprecated = (field: FieldDefinitionNode): FieldDefinitionNode => ({
  ...field,
  directives: [
    {
      kind: Kind.DIRECTIVE,
      name: { kind: Kind.NAME, value: 'deprecated' },
      arguments: [
        {
          kind: Kind.ARGUMENT,
          name: { kind: Kind.NAME, value: 'reason' },
          value: { kind: Kind.STRING, value: 'Use `images`.' },
        },
      ],
    },
  ],
});

describe('the published schema and its breaking-change guard', () => {
  it('refuses a removed field that was never deprecated, even when the CHANGELOG names it', () => {
    const removed = withField(published, 'Product', 'name', () => null);
    const refused = refusedSchemaChanges(published, removed, `${changelog}\n- removed \`Product.name\``);
    expect(refused).toEqual([expect.stringMatching(/^FIELD_REMOVED: Product\.name was removed\. Deprecate/)]);
  });

  it('allows the removal once the field was deprecated with a reason and the CHANGELOG names it', () => {
    const before = withField(published, 'Product', 'name', deprecated);
    const after = withField(published, 'Product', 'name', () => null);
    expect(refusedSchemaChanges(before, after, changelog)).toEqual([
      expect.stringMatching(/Name `Product\.name` in CHANGELOG\.md/),
    ]);
    expect(
      refusedSchemaChanges(before, after, `${changelog}\n- \`Product.name\` removed (use \`nameText\`).`),
    ).toEqual([]);
  });

  it('refuses a field turned nullable (a changed type) and a removed enum value', () => {
    const nullable = withField(published, 'Money', 'fen', (field) => ({
      ...field,
      type: field.type.kind === Kind.NON_NULL_TYPE ? field.type.type : field.type,
    }));
    expect(refusedSchemaChanges(published, nullable, changelog)).toEqual([
      expect.stringMatching(/^FIELD_CHANGED_KIND: Money\.fen changed type from Int! to Int\./),
    ]);
    const noPaid = published.replace(/\n\s*"""[^"]*"""\n\s*PAID\n|\n\s*"[^"\n]*"\n\s*PAID\n/, '\n');
    expect(noPaid).not.toBe(published);
    expect(refusedSchemaChanges(published, noPaid, changelog).join('\n')).toMatch(/VALUE_REMOVED_FROM_ENUM/);
  });

  it('allows additions: a field, a type, an enum value (the enum says new values may appear)', () => {
    const added = `${withField(published, 'Product', 'name', (field) => field)}\n"A new type."\ntype Extra { "x" x: Int }`;
    expect(refusedSchemaChanges(published, added, changelog)).toEqual([]);
    const moreCodes = published.replace(
      'enum UserErrorCode {',
      'enum UserErrorCode {\n  "New."\n  BRAND_NEW',
    );
    expect(refusedSchemaChanges(published, moreCodes, changelog)).toEqual([]);
    const silentEnum = published
      .replace(
        /("""\n)?[^\n]*New values may appear[^\n]*\n("""\n)?enum OrderStatus/,
        '"No promise."\nenum OrderStatus',
      )
      .replace('enum OrderStatus {', 'enum OrderStatus {\n  "New."\n  LOST');
    expect(refusedSchemaChanges(published, silentEnum, changelog)).toEqual([
      expect.stringMatching(/^VALUE_ADDED_TO_ENUM: LOST was added to enum type OrderStatus/),
    ]);
  });

  it('every enum says that new values may appear', () => {
    const schema = buildSchema(published);
    const silent = Object.values(schema.getTypeMap())
      .filter((type) => isEnumType(type) && !type.name.startsWith('__'))
      .filter((type) => !type.description?.includes(ENUM_GROWTH))
      .map((type) => type.name);
    expect(silent).toEqual([]);
  });
});
