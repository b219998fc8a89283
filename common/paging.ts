/**
 * Page sizes of every paged list (docs/product.md, "Constants"): the service's paging query, the
 * system config it publishes, the gateway's PageInput and cost limit, and the web app's lists.
 * The SDL's PageInput default and descriptions repeat them as literals; a gateway test holds them
 * to these values.
 */

/** Records per page when a request names none. */
export const DEFAULT_PAGE_SIZE = 15;

/** The most records one page may ask for. */
export const MAX_PAGE_SIZE = 999;
