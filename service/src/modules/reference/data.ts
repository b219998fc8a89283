/**
 * Seed data of the reference module: dictionaries, system config, settings, notices and
 * home-page cards. Texts come in zh-CN and en-GB; the API answers in the caller's language.
 */
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@shop/common/paging.ts';
import { orderStatuses, paymentStatuses, reviewStatuses, statusDictionary } from '@shop/common/statuses.ts';
import { ACCEPTED_EXTENSIONS } from '../files/types.ts';

type Entry = [value: string, label: string, labelEn: string];

/**
 * Dictionaries (`GET /option/dict/:key`). The ledger writes `type` values from incomeType and
 * expensesType: orders write 'order-payment' (expense) and 'refund' (income).
 */
export const DICTIONARIES: Record<string, Entry[]> = {
  incomeSource: [
    ['lpay', 'L支付', 'LPay'],
    ['stripe', 'Stripe', 'Stripe'],
    ['wkpay', '微快付', 'WKPay'],
    ['balance', '账户余额', 'Account balance'],
    ['platform', '平台发放', 'Issued by the platform'],
  ],
  incomeType: [
    ['refund', '退款收入', 'Refund income'],
    ['recharge', '充值', 'Top-up'],
    ['reward', '奖励', 'Reward'],
    ['compensation', '售后补偿', 'After-sales compensation'],
    ['other-income', '其他收入', 'Other income'],
  ],
  expensesType: [
    ['order-payment', '订单支付', 'Order payment'],
    ['withdrawal', '提现', 'Withdrawal'],
    ['service-fee', '服务费', 'Service fee'],
    ['other-expense', '其他支出', 'Other expense'],
  ],
  expensesProject: [
    ['goods', '商品货款', 'Goods'],
    ['shipping', '运费', 'Shipping'],
    ['packaging', '包装费', 'Packaging'],
    ['insurance', '运费险', 'Shipping insurance'],
    ['other', '其他', 'Other'],
  ],
  transferStatus: [
    ['0', '处理中', 'Processing'],
    ['1', '转账成功', 'Transferred'],
    ['2', '转账失败', 'Failed'],
  ],
  reviewStatus: statusDictionary(reviewStatuses),
  moneyDirection: [
    ['0', '支出', 'Expense'],
    ['1', '收入', 'Income'],
  ],
  orderStatus: statusDictionary(orderStatuses),
  paymentStatus: statusDictionary(paymentStatuses),
  paymentMethod: [
    ['lpay', 'L支付', 'LPay'],
    ['stripe', 'Stripe', 'Stripe'],
    ['wkpay', '微快付', 'WKPay'],
  ],
  /** The couriers the shop ships with (快递公司): shipping an order names one of these codes. */
  courier: [
    ['SF', '顺丰速运', 'SF Express'],
    ['ZTO', '中通快递', 'ZTO Express'],
    ['YTO', '圆通速递', 'YTO Express'],
    ['STO', '申通快递', 'STO Express'],
    ['YUNDA', '韵达快递', 'Yunda Express'],
    ['JTEXPRESS', '极兔速递', 'J&T Express'],
    ['JD', '京东物流', 'JD Logistics'],
    ['EMS', '中国邮政 EMS', 'China Post EMS'],
    ['DEPPON', '德邦快递', 'Deppon Express'],
  ],
};

/** A text per locale, stored as JSON and picked per request. */
export interface LocalisedText {
  'zh-CN': string;
  'en-GB': string;
}

/** `system_config` rows under `config.<name>` (values are JSON). */
export const CONFIG: Record<string, unknown> = {
  shopName: { 'zh-CN': '乐购商城', 'en-GB': 'LeGou Shop' } satisfies LocalisedText,
  siteTitle: { 'zh-CN': '乐购商城', 'en-GB': 'LeGou Shop' } satisfies LocalisedText,
  currency: 'CNY',
  currencySymbol: '¥',
  paymentMethods: [
    { code: 'lpay', enabled: true },
    { code: 'stripe', enabled: false },
    { code: 'wkpay', enabled: false },
  ],
  defaultPageSize: DEFAULT_PAGE_SIZE,
  maxPageSize: MAX_PAGE_SIZE,
  requestTimeoutMs: 20_000,
  uploadTimeoutMs: 50_000,
  toastMs: 3000,
  loadingDelayMs: 500,
  sideButtonThreshold: 300,
  themeColor: '#ff4d50',
  headerHeight: 56,
  sidebarWidth: 210,
  weekStartsOn: 1,
  acceptedFiles: { images: [...ACCEPTED_EXTENSIONS.images], excel: [...ACCEPTED_EXTENSIONS.excel] },
};

/** `system_config` rows under `settings.<name>`. */
export const SETTINGS: Record<string, unknown> = {
  showSettings: false,
  fixedHeader: true,
  sidebarLogo: true,
  customerService: 'legou-service',
};

export const NOTICES: Array<{
  title: LocalisedText;
  content: LocalisedText;
  publishedAt: string;
}> = [
  {
    title: { 'zh-CN': '乐购商城正式上线', 'en-GB': 'LeGou Shop is open' },
    content: {
      'zh-CN': '欢迎来到乐购商城！精选好物，正品保障，支持 L支付 在线付款。',
      'en-GB': 'Welcome to LeGou Shop! Hand-picked goods, guaranteed genuine, pay online with LPay.',
    },
    publishedAt: '2025-01-06T02:00:00.000Z',
  },
  {
    title: { 'zh-CN': '春节期间物流安排', 'en-GB': 'Deliveries over the Spring Festival' },
    content: {
      'zh-CN': '春节期间订单正常接收，部分地区发货将顺延至节后，请耐心等待。',
      'en-GB': 'Orders are taken as usual over the Spring Festival; some regions ship after the holiday.',
    },
    publishedAt: '2025-01-20T02:00:00.000Z',
  },
  {
    title: { 'zh-CN': '新人专享：首单满 99 元包邮', 'en-GB': 'New shoppers: free delivery over ¥99' },
    content: {
      'zh-CN': '新注册用户首单满 99 元即享全场包邮。',
      'en-GB': 'A new account’s first order over ¥99 ships free of charge.',
    },
    publishedAt: '2025-03-01T02:00:00.000Z',
  },
  {
    title: { 'zh-CN': '售后服务升级', 'en-GB': 'Better after-sales service' },
    content: {
      'zh-CN': '退款申请现可在“我的订单”中查看售后进度，审核通过后款项原路退回。',
      'en-GB': 'Follow refund applications under My order; approved refunds go back to the original payment.',
    },
    publishedAt: '2025-04-15T02:00:00.000Z',
  },
];

export const CARD_KINDS: Array<{ code: string; name: LocalisedText }> = [
  { code: 'banner', name: { 'zh-CN': '轮播图', 'en-GB': 'Banner' } },
  { code: 'promotion', name: { 'zh-CN': '促销活动', 'en-GB': 'Promotion' } },
  { code: 'service', name: { 'zh-CN': '服务保障', 'en-GB': 'Service' } },
];

export interface CardData {
  kind: string;
  /** Image slug: served as an SVG by GET /shop/card/image/:slug.svg */
  slug: string;
  color: string;
  title: LocalisedText;
  subtitle: LocalisedText;
  link: string;
}

export const CARDS: CardData[] = [
  {
    kind: 'banner',
    slug: 'banner-new-season',
    color: '#ff4d50',
    title: { 'zh-CN': '新品上市', 'en-GB': 'New arrivals' },
    subtitle: { 'zh-CN': '当季新品抢先看', 'en-GB': 'See the new season first' },
    link: '/goods/new',
  },
  {
    kind: 'banner',
    slug: 'banner-hot-sale',
    color: '#ff7a45',
    title: { 'zh-CN': '热销爆款', 'en-GB': 'Best sellers' },
    subtitle: { 'zh-CN': '大家都在买', 'en-GB': 'What everyone is buying' },
    link: '/goods/hot',
  },
  {
    kind: 'banner',
    slug: 'banner-all-categories',
    color: '#597ef7',
    title: { 'zh-CN': '全部分类', 'en-GB': 'All categories' },
    subtitle: { 'zh-CN': '好物一站购齐', 'en-GB': 'Everything in one place' },
    link: '/category',
  },
  {
    kind: 'promotion',
    slug: 'promo-free-delivery',
    color: '#36cfc9',
    title: { 'zh-CN': '满 99 包邮', 'en-GB': 'Free delivery over ¥99' },
    subtitle: { 'zh-CN': '新人首单专享', 'en-GB': 'For your first order' },
    link: '/goods/list',
  },
  {
    kind: 'promotion',
    slug: 'promo-weekly-picks',
    color: '#9254de',
    title: { 'zh-CN': '每周精选', 'en-GB': 'Weekly picks' },
    subtitle: { 'zh-CN': '编辑推荐好物', 'en-GB': 'Chosen by our editors' },
    link: '/goods/hot',
  },
  {
    kind: 'service',
    slug: 'service-genuine',
    color: '#ff4d50',
    title: { 'zh-CN': '正品保障', 'en-GB': 'Genuine goods' },
    subtitle: { 'zh-CN': '品质无忧', 'en-GB': 'Quality guaranteed' },
    link: '',
  },
  {
    kind: 'service',
    slug: 'service-fast-delivery',
    color: '#fa8c16',
    title: { 'zh-CN': '极速发货', 'en-GB': 'Fast delivery' },
    subtitle: { 'zh-CN': '下单后 48 小时内发货', 'en-GB': 'Ships within 48 hours' },
    link: '',
  },
  {
    kind: 'service',
    slug: 'service-easy-returns',
    color: '#52c41a',
    title: { 'zh-CN': '无忧退款', 'en-GB': 'Easy refunds' },
    subtitle: { 'zh-CN': '售后进度随时查', 'en-GB': 'Track every refund' },
    link: '',
  },
  {
    kind: 'service',
    slug: 'service-secure-pay',
    color: '#1677ff',
    title: { 'zh-CN': '安全支付', 'en-GB': 'Secure payment' },
    subtitle: { 'zh-CN': 'L支付 在线付款', 'en-GB': 'Pay online with LPay' },
    link: '',
  },
];

export const CARD_IMAGE_PREFIX = '/service/shop/card/image/';
export const cardImageUrl = (slug: string) => `${CARD_IMAGE_PREFIX}${slug}.svg`;
