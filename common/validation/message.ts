/**
 * A rule's message as one string, so it survives every carrier of zod issue messages (the
 * service's parser, react-hook-form's resolver): a message key, optionally followed by its
 * parameters as a query string, `validation.tooLong?max=200`. Each tier translates the key with
 * its own catalogue and fills `{field}` with its own label of the field.
 */
export interface RuleMessage {
  key: string;
  params: Record<string, string>;
}

export function ruleMessage(key: string, params: Record<string, string | number> = {}): string {
  const query = new URLSearchParams(
    Object.entries(params).map(([name, value]) => [name, String(value)]),
  ).toString();
  return query ? `${key}?${query}` : key;
}

export function readRuleMessage(message: string): RuleMessage {
  const at = message.indexOf('?');
  if (at < 0) return { key: message, params: {} };
  return {
    key: message.slice(0, at),
    params: Object.fromEntries(new URLSearchParams(message.slice(at + 1))),
  };
}
