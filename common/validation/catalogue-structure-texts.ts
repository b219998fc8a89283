/**
 * Texts of the category and home-card forms' own rules, in both languages (the generic rules'
 * texts are in messages.ts, which gathers these too). Pure data: no imports.
 */
export const catalogueStructureRuleTexts = {
  'catalogueStructure.invalidSlug': {
    'zh-CN': '{field} 只能由小写字母、数字和连字符组成，且不能以连字符开头或结尾',
    'en-GB':
      '{field} may hold only lower-case letters, digits and hyphens, not starting or ending with a hyphen',
  },
  'catalogueStructure.invalidLink': {
    'zh-CN': '{field} 须为本站路径（以 / 开头）或 http(s) 网址',
    'en-GB': '{field} must be a path of this shop (starting with /) or an http(s) address',
  },
} as const satisfies Record<string, { 'zh-CN': string; 'en-GB': string }>;
