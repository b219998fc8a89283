import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The SDL of schema/*.graphql (one file per domain), in file-name order: the gateway's typeDefs. */
const schemaDir = fileURLToPath(new URL('../../../schema/', import.meta.url));

export const schemaFiles: string[] = readdirSync(schemaDir)
  .filter((name) => name.endsWith('.graphql'))
  .sort();

export const typeDefs: string[] = schemaFiles.map((name) => readFileSync(schemaDir + name, 'utf8'));
