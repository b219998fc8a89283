/**
 * The shop's search words: the one bound the service's search and suggestion routes enforce and
 * the web's search box and results page keep to, so a shopper can never type a search the API
 * refuses.
 */

/** The longest search term, in UTF-16 code units (as both zod's `max` and the input's `maxLength` count). */
export const SEARCH_KEYWORD_MAX_LENGTH = 50;

/** The trimmed search words are longer than the API accepts. */
export function searchKeywordTooLong(keyword: string): boolean {
  return keyword.trim().length > SEARCH_KEYWORD_MAX_LENGTH;
}
