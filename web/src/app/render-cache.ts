/**
 * The cache of one server render.
 *
 * - It lives for one page and is read about once per field, so `resultCaching: false` spares it
 *   the memoisation (dependency tracking of every read) that pays off only over many reads.
 * - It tells no watcher of a write: on the server React renders each component once, from what
 *   the cache holds when it renders, and a query's own answer reaches it through its request.
 * - An answer is normalised once per process. Every render writes the same public answers (the
 *   home page's banners and products, a product's page) into a fresh cache, and normalising one is
 *   most of the cost of receiving it. What an answer writes depends only on its document, its
 *   variables and its data, so the entities it wrote into an empty cache are kept under those and
 *   put in place again when the same answer arrives in a slot still empty. An answer that would
 *   meet data already in the cache is written the ordinary way, so the type policies' merges
 *   decide exactly as they always do.
 * - What the query then reads back (its result, right after its answer was put in place) comes
 *   from those entities alone, so it is kept beside them too.
 * - A fragment read from one such entity (a product card reading its product) is kept with the
 *   entity when the entity refers to no other: a kept entity never changes (a write replaces it),
 *   so the read is the same in every render that holds it.
 */
import {
  type Cache,
  InMemoryCache,
  type InMemoryCacheConfig,
  type NormalizedCacheObject,
  type Reference,
  type StoreObject,
} from '@apollo/client';
import { deepFreeze } from '@shop/common/freeze.ts';
import type { DocumentNode } from 'graphql';
import { typePolicies } from './type-policies.ts';

/** What one answer wrote into an empty cache: its entities by id (ROOT_QUERY's fields among them). */
type Written = NormalizedCacheObject;

/** Apollo's entity store, reached for what its public API has no call for: one entity, in place. */
interface EntityStore {
  lookup(dataId: string): StoreObject | undefined;
  merge(dataId: string, fields: StoreObject): void;
}

/**
 * Answers kept, by document and content: null for an answer seen once (a shopper's own answers
 * mostly are, and are written the ordinary way), its entities once it came again. Public answers
 * repeat page after page; the bound keeps what a crowd of shoppers leaves in check.
 */
const MAX_ANSWERS = 1000;
const answers = new Map<string, Written | null>();
const documentIds = new WeakMap<DocumentNode, number>();
let documentsSeen = 0;

function documentId(query: DocumentNode): number {
  let id = documentIds.get(query);
  if (id === undefined) {
    id = documentsSeen++;
    documentIds.set(query, id);
  }
  return id;
}

function answerKey(options: Cache.WriteOptions): string {
  return `${documentId(options.query)}\u0000${JSON.stringify([options.variables ?? {}, options.result])}`;
}

function remember(key: string, entities: Written | null): void {
  if (answers.size >= MAX_ANSWERS && !answers.has(key)) answers.clear();
  answers.set(key, entities);
}

/** Whether every entity (and every root field) the answer writes is still absent from `store`. */
function fitsEmptySlots(store: EntityStore, entities: Written): boolean {
  for (const [dataId, fields] of Object.entries(entities)) {
    const existing = store.lookup(dataId);
    if (!existing) continue;
    if (dataId !== 'ROOT_QUERY') return false;
    for (const field of Object.keys(fields ?? {}))
      if (field !== '__typename' && field in existing) return false;
  }
  return true;
}

/** The inner map `outer` holds for `key`, made on first use. */
function mapFor<K extends object, I, V>(outer: WeakMap<K, Map<I, V>>, key: K): Map<I, V> {
  let inner = outer.get(key);
  if (!inner) {
    inner = new Map();
    outer.set(key, inner);
  }
  return inner;
}

/**
 * What a query reads back from the entities its answer just put in empty slots: only those
 * entities (the type policies' read functions fall back to other data only when a field is
 * missing), so it is the same in every render and is kept beside them.
 */
const readBack = new WeakMap<Written, Map<string, DiffResult>>();

/** Fragment reads of kept entities that refer to no other entity, by how they were read. */
const entityReads = new WeakMap<StoreObject, Map<string, unknown>>();
const refersToOthers = new WeakMap<StoreObject, boolean>();

function hasReference(value: unknown): boolean {
  if (!value || typeof value !== 'object') return false;
  if ('__ref' in value) return true;
  return Object.values(value).some(hasReference);
}

type FragmentDoc = (fragment: DocumentNode, fragmentName?: string) => DocumentNode;
const fragmentQueries = new WeakMap<DocumentNode, Map<string | undefined, DocumentNode>>();

type DiffOptions = Parameters<InMemoryCache['diff']>[0];
type DiffResult = ReturnType<InMemoryCache['diff']>;

class RenderCache extends InMemoryCache {
  /** The answer put in place by the last write, until anything else is written. */
  private placed: { query: DocumentNode; variables: string; entities: Written } | undefined;

  override broadcastWatches(): void {}

  constructor(config: InMemoryCacheConfig) {
    super(config);
    // A fragment's query document is made once per process, so reads are known by their document.
    const fragmentDocs = this as unknown as { getFragmentDoc: FragmentDoc };
    const own = fragmentDocs.getFragmentDoc.bind(this);
    fragmentDocs.getFragmentDoc = (fragment, fragmentName) => {
      const byName = mapFor(fragmentQueries, fragment);
      let query = byName.get(fragmentName);
      if (!query) {
        query = own(fragment, fragmentName);
        byName.set(fragmentName, query);
      }
      return query;
    };
    // Apollo's `diff` is overloaded; the read-back keeps its signature by wrapping it.
    const diff = this.diff.bind(this) as (options: DiffOptions) => DiffResult;
    this.diff = ((options: DiffOptions) => this.readBack(options, diff)) as InMemoryCache['diff'];
  }

  private readBack(options: DiffOptions, diffStore: (options: DiffOptions) => DiffResult): DiffResult {
    const placed = this.placed;
    if (
      !placed ||
      placed.query !== options.query ||
      placed.variables !== JSON.stringify(options.variables ?? {})
    )
      return diffStore(options);
    const how = `${Boolean(options.returnPartialData)}:${options.optimistic !== false}`;
    const kept = mapFor(readBack, placed.entities);
    let diff = kept.get(how);
    if (!diff) {
      diff = diffStore(options);
      if (!diff.complete) return diff;
      kept.set(how, deepFreeze(diff));
    }
    return diff;
  }

  override read<TData = unknown>(options: Cache.ReadOptions<TData>): TData | null {
    const id = options.rootId;
    const entity = id && id !== 'ROOT_QUERY' ? this.store().lookup(id) : undefined;
    // Kept entities are frozen; anything else is read as Apollo reads it.
    if (!entity || !Object.isFrozen(entity)) return super.read(options);
    let refers = refersToOthers.get(entity);
    if (refers === undefined) {
      refers = hasReference(entity);
      refersToOthers.set(entity, refers);
    }
    if (refers) return super.read(options);
    const reads = mapFor(entityReads, entity);
    const how = `${documentId(options.query)}:${JSON.stringify(options.variables ?? {})}:${Boolean(options.returnPartialData)}:${options.optimistic !== false}`;
    if (reads.has(how)) return reads.get(how) as TData | null;
    const data = deepFreeze(super.read(options));
    reads.set(how, data);
    return data;
  }

  private store(): EntityStore {
    return (this as unknown as { data: EntityStore }).data;
  }

  // Whatever else changes the store ends what the last answer put in place.
  override modify<Entity extends Record<string, unknown> = Record<string, unknown>>(
    options: Cache.ModifyOptions<Entity>,
  ): boolean {
    this.placed = undefined;
    return super.modify(options);
  }

  override evict(options: Cache.EvictOptions): boolean {
    this.placed = undefined;
    return super.evict(options);
  }

  override restore(data: NormalizedCacheObject): this {
    this.placed = undefined;
    return super.restore(data);
  }

  override write(options: Cache.WriteOptions): Reference | undefined {
    this.placed = undefined;
    // A whole query's answer, as a request delivers it; fragments and other writes as Apollo does them.
    if ((options.dataId ?? 'ROOT_QUERY') !== 'ROOT_QUERY' || options.result == null)
      return super.write(options);
    const key = answerKey(options);
    let entities = answers.get(key);
    if (entities === undefined) {
      remember(key, null);
      return super.write(options);
    }
    if (entities === null) {
      const empty = new InMemoryCache({ typePolicies, resultCaching: false });
      empty.write({ ...options, broadcast: false });
      // Shared by every render from now on: frozen, so that no render could change another's.
      entities = deepFreeze(empty.extract());
      remember(key, entities);
    }
    const store = this.store();
    if (!fitsEmptySlots(store, entities)) return super.write(options);
    for (const [dataId, fields] of Object.entries(entities)) if (fields) store.merge(dataId, fields);
    this.placed = { query: options.query, variables: JSON.stringify(options.variables ?? {}), entities };
    return { __ref: 'ROOT_QUERY' };
  }
}

export function createRenderCache(): InMemoryCache {
  return new RenderCache({ typePolicies, resultCaching: false });
}
