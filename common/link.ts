/**
 * The link check of the helper checks (common/validators.ts), on its own: the storefront's shell
 * uses it (the customer-service button), and importing it from the validators module would bring
 * every form rule into the shell's start-up JavaScript.
 */

/** A link that starts with http://, https://, mailto: or tel: and has something after it. */
export const isLink = (value: unknown): boolean =>
  typeof value === 'string' &&
  /^(?:https?:\/\/[^\s/?#]+[^\s]*|mailto:[^\s@]+@[^\s@]+|tel:\+?[\d-]{3,20})$/i.test(value);
