import type {
  RestCardList,
  RestConfig,
  RestNotice,
  RestOption,
  RestSettings,
} from '@shop/common/rest/index.ts';
import type { Caller } from './caller.ts';

/** Public reference data: config, settings, areas, dictionaries, notices, cards. */
export interface ReferenceClient {
  config(): Promise<RestConfig>;
  settings(): Promise<RestSettings>;
  areas(): Promise<RestOption[]>;
  dictionary(key: string, withAll: boolean): Promise<RestOption[]>;
  notices(): Promise<RestNotice[]>;
  cards(): Promise<RestCardList>;
}

export class RestReferenceClient implements ReferenceClient {
  constructor(private readonly upstream: Caller) {}

  private get<T>(path: string, query?: Record<string, string>) {
    return this.upstream.call<T>({ method: 'GET', path, query, auth: false });
  }

  config() {
    return this.get<RestConfig>('/shop/system/config');
  }

  settings() {
    return this.get<RestSettings>('/shop/system/settings');
  }

  areas() {
    return this.get<RestOption[]>('/option/drop/area');
  }

  dictionary(key: string, withAll: boolean) {
    return this.get<RestOption[]>(
      `/option/dict/${encodeURIComponent(key)}`,
      withAll ? { withAll: 'true' } : undefined,
    );
  }

  notices() {
    return this.get<RestNotice[]>('/shop/notice/list');
  }

  cards() {
    return this.get<RestCardList>('/shop/card/list');
  }
}
