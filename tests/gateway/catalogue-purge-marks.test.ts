/**
 * Every back-office mutation that can change what shoppers see carries `@purgesCatalogue`, so the
 * gateway drops the cached catalogue when it succeeds: a new mutation in schema/admin-*.graphql
 * must carry it, or be named below as one that changes nothing a shopper sees.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Kind, parse } from 'graphql';
import { describe, expect, it } from 'vitest';

/** Back-office mutations that only read (a spreadsheet made from what is there). */
const CHANGE_NOTHING_SHOPPERS_SEE = new Set(['exportProducts', 'exportOrders']);

const schemaDir = path.resolve(import.meta.dirname, '../../schema');

describe('@purgesCatalogue on back-office mutations', () => {
  it('marks every catalogue mutation of the back-office schema', () => {
    const mutations: Array<{ name: string; marked: boolean }> = [];
    for (const file of fs.readdirSync(schemaDir).filter((name) => /^admin-.*\.graphql$/.test(name))) {
      const document = parse(fs.readFileSync(path.join(schemaDir, file), 'utf8'));
      for (const definition of document.definitions) {
        if (
          (definition.kind !== Kind.OBJECT_TYPE_EXTENSION &&
            definition.kind !== Kind.OBJECT_TYPE_DEFINITION) ||
          definition.name.value !== 'Mutation'
        )
          continue;
        for (const field of definition.fields ?? [])
          mutations.push({
            name: field.name.value,
            marked: Boolean(field.directives?.some((d) => d.name.value === 'purgesCatalogue')),
          });
      }
    }
    expect(mutations.map((m) => m.name)).toContain('updateProduct');
    const unmarked = mutations.filter((m) => !m.marked && !CHANGE_NOTHING_SHOPPERS_SEE.has(m.name));
    expect(unmarked.map((m) => m.name)).toEqual([]);
    const markedReads = mutations.filter((m) => m.marked && CHANGE_NOTHING_SHOPPERS_SEE.has(m.name));
    expect(markedReads.map((m) => m.name)).toEqual([]);
  });
});
