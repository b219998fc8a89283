import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The repository's root: the builds and manifests the processes read are found from here by
 * default, whether a process starts from the root (`npm start`) or from its own workspace.
 */
const repositoryRoot = fileURLToPath(new URL('../../', import.meta.url));

/**
 * A path setting's value: one given in the environment is taken as it is (relative to the working
 * directory); left unset, `fallback` under the repository's root.
 */
export const fromRepositoryRoot = (given: string | undefined, fallback: string): string =>
  given === undefined ? path.join(repositoryRoot, fallback) : path.resolve(given);
