import { exampleOperations } from '@shop/playground/examples';
import { type OperationDefinitionNode, parse, validate, visit } from 'graphql';
import { describe, expect, it } from 'vitest';
import { adminOperations, shopSchema } from './admin-operations.ts';

describe('the playground examples', () => {
  const schema = shopSchema();
  const document = parse(exampleOperations);
  const operations = document.definitions.filter(
    (definition): definition is OperationDefinitionNode => definition.kind === 'OperationDefinition',
  );

  it('validate against the schema and can each be run by a name of their own', () => {
    expect(validate(schema, document).map((error) => error.message)).toEqual([]);
    const names = operations.map((operation) => operation.name?.value);
    expect(names.every(Boolean)).toBe(true);
    expect(new Set(names).size).toBe(names.length);
  });

  it('show every back-office query and mutation of the schema, after the admin login', () => {
    const called = new Set<string>();
    for (const operation of operations) {
      for (const selection of operation.selectionSet.selections) {
        if (selection.kind === 'Field') called.add(`${operation.operation}.${selection.name.value}`);
      }
    }
    const admin = adminOperations(schema).map(
      ({ root, field }) => `${root === 'Query' ? 'query' : 'mutation'}.${field.name}`,
    );
    expect(admin.length).toBeGreaterThan(0);
    expect(admin.filter((name) => !called.has(name))).toEqual([]);
    // The group opens with how to sign in as the admin.
    const group = exampleOperations.slice(exampleOperations.indexOf('# ── Back office'));
    expect(group).toMatch(
      /^# ── Back office[\s\S]*mutation LoginAdmin \{\s+login\(input: \{ account: "admin"/,
    );
  });

  it('need no variables: each runs with ▶ as written', () => {
    const variables: string[] = [];
    visit(document, { VariableDefinition: (node) => void variables.push(node.variable.name.value) });
    expect(variables).toEqual([]);
  });
});
