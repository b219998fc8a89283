/**
 * One table of good and bad form inputs and the fields the form rules refuse in each (none:
 * accepted). The web forms' resolvers (tests/web/form-rules-agree.test.ts) and the service over
 * HTTP (tests/service/form-rules-agree.test.ts) must each reach every verdict: the web forms add
 * controls of their own and the service's requests fields only the API has, so each composes the
 * shared rules its own way. The gateway, which checks nothing itself, answers a covering subset
 * (tests/gateway/api-form-refusals.test.ts). Accepted cases may still meet a business refusal (a
 * wrong old password, an order that does not exist): those are not rule refusals.
 */
import { ruleTexts } from '@shop/common/validation/messages.ts';

export type FormName =
  | 'login'
  | 'register'
  | 'passwordChange'
  | 'profile'
  | 'realName'
  | 'address'
  | 'refund'
  | 'review'
  | 'product'
  | 'category'
  | 'homeCard'
  | 'ship';

/** Who sends each form: a visitor, a signed-in shopper or the back office. */
export const formSender: Record<FormName, 'anonymous' | 'shopper' | 'admin'> = {
  login: 'anonymous',
  register: 'anonymous',
  passwordChange: 'shopper',
  profile: 'shopper',
  realName: 'shopper',
  address: 'shopper',
  refund: 'shopper',
  review: 'admin',
  product: 'admin',
  category: 'admin',
  homeCard: 'admin',
  ship: 'admin',
};

export interface RuleCase {
  form: FormName;
  /** What the case tries. */
  name: string;
  values: Record<string, string>;
  /** The fields the rules refuse, sorted; empty when the input is accepted. */
  refused: string[];
}

/** The message keys of the form rules: a refusal with another key is not a rule's. */
export const ruleKeys: ReadonlySet<string> = new Set(Object.keys(ruleTexts));

const good: Record<FormName, Record<string, string>> = {
  login: { account: 'someone', password: 'secret1' },
  register: { username: 'rule_case', password: 'abc123', phone: '13900000001' },
  // a wrong old password: accepted by the rules, refused by the service (nothing changes)
  passwordChange: { oldPassword: 'wrong99', newPassword: 'abc123', confirmPassword: 'abc123' },
  profile: { name: '小明', phone: '13900000003' },
  realName: { realName: '张三', idNumber: '11010519491231002X' },
  address: { recipient: '张三', phone: '13900000004', city: '广东省 深圳市', detail: '南山区科技园 1 号' },
  refund: { reason: '包装破损' },
  // the back office's form chooses a decision; the API takes `approve`
  review: { decision: 'approve', remark: '' },
  // category 1 is seeded in every tier; an accepted case creates a product
  product: {
    nameZh: '规则台灯',
    nameEn: 'Rule lamp',
    descriptionZh: '',
    descriptionEn: '',
    categoryId: '1',
    price: '12.50',
    originalPrice: '',
    stock: '5',
  },
  // an accepted case creates the category (the same slug again is a business refusal, not a rule's)
  category: { cardName: 'rule-case', nameZh: '规则分类', nameEn: 'Rule category' },
  // the kind and the switch are chosen, not typed: each tier adds them (cardChoices)
  homeCard: { titleZh: '规则卡片', titleEn: 'Rule card', subtitleZh: '', subtitleEn: '', link: '/goods/hot' },
  // a courier of the seeded list: whether it is on the list is the service's check, not a rule
  ship: { courier: 'SF', waybillNo: 'SF1234567890' },
};

/** A card's kind and switch, which every tier sends beside the typed values. */
export const cardChoices = { kind: 'banner', enabled: true };

/** The review's values as the service and the gateway take them. */
export const reviewInput = (values: Record<string, string>) => ({
  approve: values.decision === 'approve',
  remark: values.remark,
});

const accepted = (form: FormName, name: string, change: Record<string, string> = {}): RuleCase => ({
  form,
  name,
  values: { ...good[form], ...change },
  refused: [],
});

const refused = (
  form: FormName,
  name: string,
  change: Record<string, string>,
  fields?: string[],
): RuleCase => ({
  form,
  name,
  values: { ...good[form], ...change },
  refused: (fields ?? Object.keys(change)).sort(),
});

export const ruleCases: RuleCase[] = [
  accepted('login', 'good'),
  accepted('login', 'account with spaces around (trimmed)', { account: ' someone ' }),
  refused('login', 'empty account', { account: '' }),
  refused('login', 'blank account', { account: '   ' }),
  refused('login', 'account too long', { account: 'a'.repeat(51) }),
  refused('login', 'empty password', { password: '' }),
  refused('login', 'both empty', { account: '', password: '' }),

  accepted('register', 'good'),
  accepted('register', 'phone with spaces around (trimmed)', {
    username: 'rule_case2',
    phone: ' 13900000002 ',
  }),
  refused('register', 'empty user name', { username: '' }),
  refused('register', 'blank user name', { username: '   ' }),
  refused('register', 'one-letter user name', { username: 'a' }),
  refused('register', 'user name of digits only', { username: '13912345678' }),
  refused('register', 'user name with a space', { username: 'bad name' }),
  refused('register', 'password without a digit', { password: 'abcdef' }),
  refused('register', 'password too short', { password: 'ab1' }),
  refused('register', 'password too long', { password: 'a1'.repeat(11) }),
  refused('register', 'password with a space', { password: 'abc 123' }),
  refused('register', 'phone too short', { phone: '12345' }),
  refused('register', 'phone not starting with 1', { phone: '23900000000' }),
  refused('register', 'everything empty', { username: '', password: '', phone: '' }),

  accepted('passwordChange', 'good'),
  refused('passwordChange', 'confirmation differs', { confirmPassword: 'abc124' }),
  refused(
    'passwordChange',
    'new password without a digit',
    { newPassword: 'abcdef', confirmPassword: 'abcdef' },
    ['newPassword'],
  ),
  refused('passwordChange', 'bad new password, other confirmation', {
    newPassword: 'abcdef',
    confirmPassword: 'abc',
  }),
  refused('passwordChange', 'empty old password', { oldPassword: '' }),
  refused('passwordChange', 'everything empty', { oldPassword: '', newPassword: '', confirmPassword: '' }),

  accepted('profile', 'good'),
  refused('profile', 'empty name', { name: '' }),
  refused('profile', 'blank name', { name: '   ' }),
  refused('profile', 'name too long', { name: 'x'.repeat(21) }),
  refused('profile', 'name with a tab', { name: 'a\tb' }),
  refused('profile', 'ten-digit phone', { phone: '1390000000' }),

  refused('realName', 'empty real name', { realName: '' }),
  refused('realName', 'real name with a digit', { realName: '张3' }),
  refused('realName', 'wrong check character', { idNumber: '110105194912310021' }),
  refused('realName', 'empty ID number', { idNumber: '' }),
  refused('realName', 'both wrong', { realName: 'x', idNumber: '123' }),
  // last: once verified, the service refuses a second verification as a business rule
  accepted('realName', 'good, lower-case x', { idNumber: '11010519491231002x' }),

  accepted('address', 'good'),
  refused('address', 'empty recipient', { recipient: '' }),
  refused('address', 'blank recipient', { recipient: '   ' }),
  refused('address', 'recipient too long', { recipient: 'x'.repeat(31) }),
  refused('address', 'wrong phone', { phone: '2380000000' }),
  refused('address', 'empty city', { city: '' }),
  refused('address', 'detail on two lines', { detail: '南山区\n1 号' }),
  refused('address', 'everything empty', { recipient: '', phone: '', city: '', detail: '' }),

  accepted('refund', 'good'),
  accepted('refund', 'reason on several lines', { reason: '包装破损\n外箱压坏' }),
  refused('refund', 'empty reason', { reason: '' }),
  refused('refund', 'blank reason', { reason: '   ' }),
  refused('refund', 'reason too long', { reason: 'x'.repeat(201) }),

  accepted('review', 'approval without a remark'),
  accepted('review', 'rejection with a remark', { decision: 'reject', remark: '商品已签收' }),
  refused('review', 'rejection without a remark', { decision: 'reject', remark: '' }, ['remark']),
  refused('review', 'rejection with a blank remark', { decision: 'reject', remark: '   ' }, ['remark']),
  refused('review', 'remark too long', { remark: 'x'.repeat(201) }),

  accepted('product', 'good'),
  accepted('product', 'one decimal, original price above', { price: '9.9', originalPrice: '10' }),
  accepted('product', 'description on several lines', { descriptionZh: '第一行\n第二行' }),
  refused('product', 'English description too long', { descriptionEn: 'x'.repeat(4001) }),
  accepted('product', 'names with spaces around (trimmed)', { nameZh: ' 台灯 ', nameEn: ' Lamp ' }),
  refused('product', 'empty Chinese name', { nameZh: '' }),
  refused('product', 'blank English name', { nameEn: '   ' }),
  refused('product', 'Chinese name too long', { nameZh: '灯'.repeat(61) }),
  refused('product', 'three decimals', { price: '12.345' }),
  refused('product', 'zero price', { price: '0' }),
  refused('product', 'empty price', { price: '' }),
  refused('product', 'original price below the price', { price: '20', originalPrice: '19.99' }, [
    'originalPrice',
  ]),
  refused('product', 'negative stock', { stock: '-1' }),
  refused('product', 'stock too large', { stock: '1000000' }),
  refused('product', 'everything wrong', { nameZh: '', nameEn: '', price: 'abc', stock: '-5' }),

  accepted('category', 'good'),
  accepted('category', 'slug of digits and single hyphens', { cardName: '2026-new-in' }),
  refused('category', 'slug with capitals and a space', { cardName: 'Garden Tools' }),
  refused('category', 'slug starting with a hyphen', { cardName: '-garden' }),
  refused('category', 'slug with a double hyphen', { cardName: 'garden--tools' }),
  refused('category', 'empty slug', { cardName: '' }),
  refused('category', 'blank English name', { nameEn: '   ' }),
  refused('category', 'Chinese name too long', { nameZh: '类'.repeat(21) }),

  accepted('homeCard', 'good'),
  accepted('homeCard', 'an https address', { link: 'https://example.com/sale?from=home' }),
  accepted('homeCard', 'no link (the goods list)', { link: '' }),
  accepted('homeCard', 'subtitles in both languages', { subtitleZh: '全场五折', subtitleEn: 'Half price' }),
  refused('homeCard', 'a script address', { link: 'javascript:alert(1)' }),
  refused('homeCard', 'another site without a scheme', { link: '//evil.example' }),
  refused('homeCard', 'a relative path', { link: 'goods/hot' }),
  refused('homeCard', 'an escaped line break in the path', { link: '/%0d%0aSet-Cookie:x' }),
  refused('homeCard', 'empty Chinese title', { titleZh: '' }),
  refused('homeCard', 'English subtitle too long', { subtitleEn: 'x'.repeat(101) }),

  accepted('ship', 'good'),
  accepted('ship', 'waybill number with spaces around (trimmed)', { waybillNo: ' YT9876543210 ' }),
  accepted('ship', 'shortest waybill number', { waybillNo: 'A12345' }),
  accepted('ship', 'longest waybill number', { waybillNo: '9'.repeat(32) }),
  refused('ship', 'no courier', { courier: '' }),
  refused('ship', 'empty waybill number', { waybillNo: '' }),
  refused('ship', 'blank waybill number', { waybillNo: '   ' }),
  refused('ship', 'waybill number too short', { waybillNo: 'A1234' }),
  refused('ship', 'waybill number too long', { waybillNo: '9'.repeat(33) }),
  refused('ship', 'waybill number with a hyphen', { waybillNo: 'SF-12345678' }),
  refused('ship', 'waybill number with a space inside', { waybillNo: 'SF 12345678' }),
  refused('ship', 'both empty', { courier: '', waybillNo: '' }),
];

/** The cases as `it.each` rows: `[form, name, case]`. */
export const ruleCaseRows = ruleCases.map((ruleCase) => [ruleCase.form, ruleCase.name, ruleCase] as const);
