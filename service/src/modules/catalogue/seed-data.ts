import type { PictureKind } from './product-pictures.ts';
/**
 * The seeded shop: 10 top categories with 2-3 sub-categories each and ~80 products.
 * Products are a compact table, one per line:
 * `sub-category slug | 中文名 | English name | price ¥ | original ¥ or - | stock | sales | days since listing |
 *  中文描述 | English description [| off]` (`off` = off the shelf).
 */

export type IconKind =
  | 'phone'
  | 'laptop'
  | 'appliance'
  | 'shirt'
  | 'bottle'
  | 'apple'
  | 'sofa'
  | 'ball'
  | 'book'
  | 'toy';

export interface SeedCategory {
  slug: string;
  name: string;
  nameEn: string;
  icon: IconKind;
  /** Base hue of the category's generated images. */
  hue: number;
  /** Each child category's own drawing (product-pictures.ts): tea shows a tea cup, not the food icon. */
  children: Array<{ slug: string; name: string; nameEn: string; picture: PictureKind }>;
}

export const SEED_CATEGORIES: SeedCategory[] = [
  {
    slug: 'digital',
    name: '手机数码',
    nameEn: 'Phones & Digital',
    icon: 'phone',
    hue: 212,
    children: [
      { slug: 'phones', name: '手机', nameEn: 'Mobile phones', picture: 'phone' },
      { slug: 'audio', name: '耳机音箱', nameEn: 'Headphones & Speakers', picture: 'headphones' },
      { slug: 'wearables', name: '智能穿戴', nameEn: 'Wearables', picture: 'watch' },
    ],
  },
  {
    slug: 'computers',
    name: '电脑办公',
    nameEn: 'Computers & Office',
    icon: 'laptop',
    hue: 232,
    children: [
      { slug: 'laptops', name: '笔记本电脑', nameEn: 'Laptops', picture: 'laptop' },
      { slug: 'tablets', name: '平板电脑', nameEn: 'Tablets', picture: 'tablet' },
      { slug: 'peripherals', name: '电脑外设', nameEn: 'Peripherals', picture: 'keyboard' },
    ],
  },
  {
    slug: 'appliances',
    name: '家用电器',
    nameEn: 'Home Appliances',
    icon: 'appliance',
    hue: 188,
    children: [
      { slug: 'kitchen-appliances', name: '厨房电器', nameEn: 'Kitchen appliances', picture: 'cooker' },
      { slug: 'household-appliances', name: '生活电器', nameEn: 'Household appliances', picture: 'vacuum' },
      {
        slug: 'personal-care-appliances',
        name: '个护电器',
        nameEn: 'Personal care appliances',
        picture: 'dryer',
      },
    ],
  },
  {
    slug: 'fashion',
    name: '服饰鞋包',
    nameEn: 'Clothing, Shoes & Bags',
    icon: 'shirt',
    hue: 328,
    children: [
      { slug: 'menswear', name: '男装', nameEn: 'Menswear', picture: 'shirt' },
      { slug: 'womenswear', name: '女装', nameEn: 'Womenswear', picture: 'dress' },
      { slug: 'shoes-bags', name: '鞋靴箱包', nameEn: 'Shoes & Bags', picture: 'shoe' },
    ],
  },
  {
    slug: 'beauty',
    name: '美妆个护',
    nameEn: 'Beauty & Personal Care',
    icon: 'bottle',
    hue: 350,
    children: [
      { slug: 'skincare', name: '护肤', nameEn: 'Skincare', picture: 'tube' },
      { slug: 'makeup', name: '彩妆', nameEn: 'Make-up', picture: 'lipstick' },
      { slug: 'bath-body', name: '洗护清洁', nameEn: 'Bath & Body', picture: 'soap' },
    ],
  },
  {
    slug: 'food',
    name: '食品生鲜',
    nameEn: 'Food & Fresh',
    icon: 'apple',
    hue: 22,
    children: [
      { slug: 'snacks', name: '休闲零食', nameEn: 'Snacks', picture: 'cookie' },
      { slug: 'tea-drinks', name: '茶饮冲调', nameEn: 'Tea & Drinks', picture: 'teacup' },
      { slug: 'fresh', name: '生鲜水果', nameEn: 'Fresh produce', picture: 'apple' },
    ],
  },
  {
    slug: 'home',
    name: '家居家装',
    nameEn: 'Home & Living',
    icon: 'sofa',
    hue: 36,
    children: [
      { slug: 'bedding', name: '床上用品', nameEn: 'Bedding', picture: 'bed' },
      { slug: 'kitchenware', name: '厨具餐具', nameEn: 'Kitchenware', picture: 'pan' },
      { slug: 'furniture', name: '家具收纳', nameEn: 'Furniture & Storage', picture: 'chair' },
    ],
  },
  {
    slug: 'sports',
    name: '运动户外',
    nameEn: 'Sports & Outdoors',
    icon: 'ball',
    hue: 145,
    children: [
      { slug: 'sportswear', name: '运动鞋服', nameEn: 'Sportswear', picture: 'tanktop' },
      { slug: 'fitness', name: '健身器材', nameEn: 'Fitness equipment', picture: 'dumbbell' },
      { slug: 'outdoor', name: '户外装备', nameEn: 'Outdoor gear', picture: 'tent' },
    ],
  },
  {
    slug: 'books',
    name: '图书文具',
    nameEn: 'Books & Stationery',
    icon: 'book',
    hue: 266,
    children: [
      { slug: 'books-general', name: '图书', nameEn: 'Books', picture: 'book' },
      { slug: 'stationery', name: '文具', nameEn: 'Stationery', picture: 'notebook' },
    ],
  },
  {
    slug: 'baby-toys',
    name: '母婴玩具',
    nameEn: 'Baby & Toys',
    icon: 'toy',
    hue: 48,
    children: [
      { slug: 'baby', name: '母婴用品', nameEn: 'Baby care', picture: 'stroller' },
      { slug: 'toys', name: '玩具', nameEn: 'Toys', picture: 'panda' },
    ],
  },
];

const PRODUCT_TABLE = `
phones | 星耀 X5 Pro 5G 智能手机 12GB+256GB | Xingyao X5 Pro 5G Smartphone 12GB+256GB | 4999 | 5499 | 120 | 8650 | 12 | 6.7 英寸 OLED 曲面屏，5000 万像素三摄，120W 快充，一天重度使用无压力。 | 6.7-inch curved OLED display, 50 MP triple camera and 120 W fast charging for a full day of heavy use.
phones | 青柠 Note 13 长续航手机 8GB+128GB | Qingning Note 13 Long-battery Phone 8GB+128GB | 1299 | 1499 | 300 | 15230 | 95 | 6000mAh 大电池，双扬声器，护眼 LCD 屏，学生和长辈都好用。 | Huge 6000 mAh battery, stereo speakers and an eye-care LCD screen; easy for students and grandparents alike.
phones | 折叠屏旗舰手机 Fold 3 | Fold 3 Foldable Flagship Phone | 8999 | 9999 | 2 | 960 | 20 | 7.8 英寸内折大屏，铰链轻薄耐用，展开即是小平板。 | A 7.8-inch folding display with a slim, durable hinge that opens into a small tablet.
phones | 经典款 4G 老人手机 | Classic 4G Senior Phone | 199 | - | 80 | 3400 | 170 | 大字体大按键，一键呼叫亲情号码，待机 15 天。 | Large fonts and big keys, one-touch family calling and 15 days of standby.
audio | 静界 主动降噪真无线蓝牙耳机 | Jingjie Active Noise-Cancelling True Wireless Earbuds | 899 | 1099 | 260 | 12800 | 30 | 48dB 深度降噪，空间音频，单次续航 8 小时，通勤出行必备。 | 48 dB deep noise cancellation, spatial audio and 8 hours per charge; made for the commute.
audio | 头戴式无线降噪耳机 H700 | H700 Over-ear Wireless Noise-Cancelling Headphones | 1599 | 1899 | 75 | 4300 | 58 | 柔软蛋白皮耳罩，40 小时续航，高清 LDAC 传输。 | Soft protein-leather cushions, 40-hour battery and high-resolution LDAC streaming.
audio | 便携防水蓝牙音箱 Mini | Mini Portable Waterproof Bluetooth Speaker | 299 | 349 | 210 | 7600 | 140 | IPX7 防水，户外露营浴室都能用，重低音澎湃。 | IPX7 waterproof for camping or the shower, with punchy deep bass.
wearables | 智能手表 Watch S3 运动健康版 | Watch S3 Smartwatch, Sport & Health Edition | 1299 | 1499 | 140 | 5200 | 40 | 血氧心率全天监测，100 种运动模式，两周长续航。 | All-day blood-oxygen and heart-rate tracking, 100 sport modes and two weeks of battery.
wearables | 轻薄智能手环 8 | Slim Smart Band 8 | 249 | 269 | 500 | 21000 | 75 | 1.6 英寸 AMOLED 屏，睡眠监测，50 米防水。 | 1.6-inch AMOLED screen, sleep tracking and 50 m water resistance.
wearables | 儿童电话手表 4G 定位版 | Kids 4G Phone Watch with GPS | 599 | 699 | 3 | 1800 | 110 | 精准定位，视频通话，上课禁用模式，家长更放心。 | Precise location, video calls and a school mode for peace of mind.
laptops | 轻薄笔记本 Air 14 锐龙版 16GB+512GB | Air 14 Thin & Light Laptop, Ryzen, 16GB+512GB | 4599 | 4999 | 60 | 3900 | 25 | 1.3kg 全金属机身，2.8K 高刷屏，办公出差轻松携带。 | 1.3 kg all-metal body and a 2.8K high-refresh screen; easy to carry for work trips.
laptops | 电竞游戏本 R9000 RTX4060 | R9000 Gaming Laptop with RTX 4060 | 8499 | 8999 | 35 | 2100 | 8 | 16 英寸 240Hz 电竞屏，满血显卡，双风扇散热。 | 16-inch 240 Hz gaming display, full-power graphics and twin-fan cooling.
laptops | 商务笔记本 Pro 13 酷睿 i7 | Pro 13 Business Laptop, Core i7 | 6999 | - | 1 | 860 | 160 | 指纹识别，全尺寸键盘，军规级耐用测试。 | Fingerprint reader, full-size keyboard and military-grade durability testing.
tablets | 11 英寸平板电脑 Pad 6 | Pad 6 11-inch Tablet | 1999 | 2299 | 150 | 6700 | 50 | 2.8K 护眼屏，四扬声器，支持手写笔，网课追剧两相宜。 | 2.8K eye-care display, quad speakers and stylus support, for online classes and binge-watching.
tablets | 平板手写笔 二代 | Tablet Stylus, 2nd Generation | 399 | 499 | 260 | 5400 | 120 | 4096 级压感，磁吸充电，低延迟书写。 | 4096 pressure levels, magnetic charging and low-latency writing.
tablets | 电子墨水屏阅读器 7 英寸 | E-ink Reader, 7-inch | 899 | - | 90 | 2600 | 175 | 7 英寸墨水屏，冷暖阅读灯，续航一个月。 | A 7-inch e-ink screen with a warm/cool reading light and a month of battery.
peripherals | 机械键盘 87 键 热插拔 | 87-key Hot-swappable Mechanical Keyboard | 349 | 399 | 180 | 8800 | 66 | 三模连接，RGB 背光，茶轴手感清脆。 | Tri-mode connection, RGB backlight and crisp tactile brown switches.
peripherals | 人体工学无线鼠标 | Ergonomic Wireless Mouse | 199 | 229 | 320 | 11200 | 100 | 垂直握姿缓解手腕疲劳，静音按键，蓝牙双模。 | A vertical grip that eases wrist strain, silent clicks and dual Bluetooth modes.
peripherals | 27 英寸 4K 显示器 | 27-inch 4K Monitor | 1899 | 2199 | 45 | 3100 | 35 | IPS 面板，99% sRGB 色域，Type-C 一线连接笔记本。 | IPS panel, 99% sRGB colour and single-cable Type-C to your laptop.
kitchen-appliances | 智能电饭煲 4L 柴火饭 | 4L Smart Rice Cooker | 499 | 599 | 130 | 9600 | 80 | IH 电磁加热，24 小时预约，煮出香甜柴火饭。 | IH induction heating, 24-hour timer and fragrant, fluffy rice.
kitchen-appliances | 空气炸锅 5.5L 可视款 | 5.5L Air Fryer with Viewing Window | 399 | 499 | 240 | 18700 | 45 | 无油低脂，可视窗口，薯条鸡翅一键搞定。 | Oil-free, low-fat frying with a viewing window; chips and wings at one touch.
kitchen-appliances | 破壁料理机 静音款 | Quiet High-speed Blender | 699 | 899 | 0 | 4200 | 130 | 8 叶刀头，静音罩，豆浆果汁辅食全能。 | Eight-blade head and a noise cover for soy milk, juice and baby food.
household-appliances | 扫拖一体机器人 T10 | T10 Robot Vacuum and Mop | 2999 | 3499 | 55 | 3300 | 18 | 激光导航，自动集尘，拖布热水清洗。 | Laser navigation, self-emptying dock and hot-water mop washing.
household-appliances | 无线手持吸尘器 V8 | V8 Cordless Stick Vacuum | 1299 | 1599 | 95 | 5100 | 70 | 大吸力，除螨刷头，续航 60 分钟。 | Powerful suction, an anti-mite brush head and 60 minutes of runtime.
household-appliances | 加湿器 大容量 4L | 4L Large Humidifier | 169 | 199 | 330 | 14500 | 150 | 静音运行，上加水设计，卧室办公室适用。 | Quiet running and top-fill design for bedrooms and offices.
personal-care-appliances | 高速吹风机 负离子 | High-speed Ionic Hair Dryer | 599 | 799 | 170 | 9900 | 28 | 11 万转高速电机，负离子护发，三分钟速干。 | 110,000 rpm motor and ionic hair care; dry in three minutes.
personal-care-appliances | 声波电动牙刷 | Sonic Electric Toothbrush | 229 | 299 | 420 | 26000 | 88 | 五种清洁模式，磁悬浮马达，一次充电用 60 天。 | Five cleaning modes, maglev motor and 60 days per charge.
personal-care-appliances | 便携剃须刀 | Portable Electric Shaver | 159 | - | 260 | 6800 | 135 | 三刀头浮动贴面，全身水洗，Type-C 充电。 | Three floating heads, fully washable and Type-C charging.
menswear | 男士纯棉圆领 T 恤 三件装 | Men's Cotton Crew-neck T-shirts, Pack of 3 | 99 | 129 | 800 | 32000 | 60 | 新疆长绒棉，亲肤透气，不易变形。 | Xinjiang long-staple cotton, soft, breathable and keeps its shape.
menswear | 男士轻薄羽绒服 | Men's Lightweight Down Jacket | 499 | 699 | 140 | 5600 | 150 | 90% 白鸭绒，可收纳成小包，冬季通勤保暖。 | 90% white duck down, packs into a pouch; warm for winter commuting.
menswear | 商务休闲免烫衬衫 | Men's Non-iron Business Shirt | 199 | 259 | 230 | 7800 | 42 | 免烫抗皱面料，修身版型，上班约会都合适。 | Wrinkle-free non-iron fabric in a slim fit for work or a date.
womenswear | 女士法式碎花连衣裙 | Women's French Floral Midi Dress | 269 | 359 | 160 | 8900 | 14 | 雪纺面料，收腰设计，春夏出游显瘦。 | Chiffon fabric with a fitted waist, flattering for spring and summer outings.
womenswear | 女士羊毛双面呢大衣 | Women's Double-faced Wool Coat | 899 | 1299 | 3 | 2300 | 165 | 100% 羊毛，双面呢工艺，经典驼色百搭。 | 100% wool double-faced cloth in a classic, versatile camel.
womenswear | 高腰阔腿牛仔裤 | High-waist Wide-leg Jeans | 189 | - | 250 | 12100 | 55 | 垂感面料，显高显瘦，四季可穿。 | Fluid denim that flatters and lengthens; wear it all year.
shoes-bags | 真皮通勤双肩包 | Leather Commuter Backpack | 459 | 599 | 85 | 3700 | 38 | 头层牛皮，15.6 英寸电脑隔层，防泼水。 | Top-grain leather, a 15.6-inch laptop sleeve and a splash-proof finish.
shoes-bags | 20 英寸铝框登机箱 | 20-inch Aluminium-frame Carry-on Suitcase | 699 | 899 | 70 | 4100 | 120 | 静音万向轮，TSA 海关锁，可登机尺寸。 | Silent spinner wheels, a TSA lock and cabin-approved size.
shoes-bags | 男士商务正装皮鞋 | Men's Leather Oxford Dress Shoes | 399 | 499 | 120 | 2900 | 90 | 头层牛皮，软底舒适，婚礼通勤都得体。 | Top-grain leather with a soft sole, smart enough for weddings and the office.
skincare | 玻尿酸保湿精华液 30ml | Hyaluronic Acid Hydrating Serum 30ml | 259 | 329 | 380 | 19800 | 32 | 多重玻尿酸深层补水，温和不刺激，敏感肌可用。 | Multi-weight hyaluronic acid for deep hydration; gentle enough for sensitive skin.
skincare | 清爽防晒霜 SPF50+ | Light Sunscreen SPF50+ | 129 | 159 | 600 | 41000 | 22 | 高倍防晒，轻薄不油腻，军训户外必备。 | High protection that feels light and never greasy; an outdoor essential.
skincare | 氨基酸洁面乳 | Amino Acid Gentle Cleanser | 69 | 89 | 900 | 52000 | 140 | 氨基酸表活，绵密泡沫，洗后不紧绷。 | Amino-acid surfactants and a rich lather that never leaves skin tight.
makeup | 丝绒哑光口红 正红色 | Velvet Matte Lipstick, Classic Red | 199 | - | 450 | 23000 | 48 | 丝绒质地，显白正红色，持久不易沾杯。 | Velvet texture in a brightening true red; long-wearing and transfer-resistant.
makeup | 持妆粉底液 30ml | Long-wear Liquid Foundation 30ml | 329 | 399 | 210 | 9300 | 85 | 轻薄遮瑕，控油持妆 12 小时。 | Light coverage that controls shine and lasts 12 hours.
makeup | 十二色大地色眼影盘 | 12-shade Earth-tone Eyeshadow Palette | 159 | 199 | 2 | 6100 | 10 | 哑光珠光搭配，粉质细腻好晕染。 | Matte and shimmer shades with fine, blendable powder.
bath-body | 控油洗发水 750ml | Oil-control Shampoo 750ml | 79 | 99 | 700 | 38000 | 100 | 清爽控油，蓬松不塌，薄荷清凉。 | Refreshing oil control for full, bouncy hair with a cool mint finish.
bath-body | 香氛沐浴露 1L | Fragrance Body Wash 1L | 59 | 79 | 650 | 27000 | 160 | 白茶香调，留香持久，温和清洁。 | White-tea fragrance that lingers, with gentle cleansing.
bath-body | 手工精油香皂 礼盒装 | Handmade Essential-oil Soap Gift Box | 99 | - | 140 | 3200 | 62 | 冷制工艺，天然植物精油，四块装。 | Cold-process soap with natural plant oils, four bars.
snacks | 每日坚果 30 包礼盒 | Daily Mixed Nuts, 30-pack Gift Box | 139 | 169 | 520 | 45000 | 34 | 六种坚果果干科学配比，独立小包装，新鲜不氧化。 | Six nuts and dried fruits in balanced daily packs that stay fresh.
snacks | 手撕牛肉干 五香味 500g | Spiced Shredded Beef Jerky 500g | 98 | 128 | 300 | 16000 | 75 | 内蒙古草原牛肉，肉质紧实有嚼劲。 | Inner Mongolian grass-fed beef, firm and satisfyingly chewy.
snacks | 黑巧克力 85% 可可 | 85% Cocoa Dark Chocolate | 45 | - | 800 | 21000 | 110 | 醇苦回甘，低糖健康，办公室解馋。 | Bittersweet and rich with little sugar; a healthy office treat.
tea-drinks | 明前西湖龙井茶 250g | Pre-Qingming West Lake Longjing Tea 250g | 398 | 498 | 90 | 3600 | 5 | 春茶嫩芽，豆香浓郁，罐装送礼佳品。 | Tender spring buds with a rich, nutty aroma, in a gift tin.
tea-drinks | 挂耳咖啡 中度烘焙 20 袋 | Drip-bag Coffee, Medium Roast, 20 bags | 69 | 89 | 1000 | 48000 | 44 | 云南小粒咖啡，现磨风味，办公室随手冲。 | Yunnan arabica with fresh-ground flavour; brew at your desk.
tea-drinks | 燕麦奶 1L×6 | Oat Milk 1L x 6 | 89 | 109 | 260 | 8700 | 96 | 植物基饮品，零乳糖，咖啡拉花好搭档。 | Plant-based and lactose-free; a great partner for latte art.
fresh | 烟台红富士苹果 5kg | Yantai Red Fuji Apples 5kg | 69 | 89 | 400 | 22000 | 3 | 脆甜多汁，产地直发，单果 80mm 以上。 | Crisp, sweet and juicy, shipped from the orchard; each apple over 80 mm.
fresh | 智利车厘子 JJ 级 2kg | Chilean Cherries, JJ Grade 2kg | 259 | 299 | 1 | 5400 | 2 | 空运直达，果径 28mm 以上，冷链配送。 | Air-freighted with fruit over 28 mm, delivered by cold chain.
fresh | 新鲜三文鱼刺身 300g | Fresh Salmon Sashimi 300g | 128 | 158 | 60 | 3900 | 7 | 挪威进口，冰鲜直送，可直接生食。 | Imported from Norway, delivered chilled and ready to eat raw.
bedding | 全棉四件套 1.8m 床 | 100% Cotton Bedding Set for 1.8m Bed, 4 pieces | 299 | 399 | 180 | 9800 | 68 | 60 支长绒棉，亲肤柔软，不起球。 | 60s long-staple cotton, soft on the skin and pill-resistant.
bedding | 蚕丝被 春秋款 | Silk-filled Duvet, Spring/Autumn | 699 | 999 | 65 | 2800 | 145 | 100% 桑蚕丝填充，轻盈透气。 | Filled with 100% mulberry silk; light and breathable.
bedding | 记忆棉护颈枕 | Memory Foam Neck-support Pillow | 159 | 199 | 310 | 15500 | 52 | 慢回弹记忆棉，贴合颈椎曲线，改善睡眠。 | Slow-rebound memory foam that follows your neck for better sleep.
kitchenware | 不粘锅炒锅 32cm | 32cm Non-stick Wok | 229 | 299 | 200 | 11000 | 83 | 麦饭石涂层，少油烟，电磁炉燃气灶通用。 | Stone-effect coating, less smoke and works on induction and gas.
kitchenware | 304 不锈钢保温杯 500ml | 500ml 304 Stainless Steel Vacuum Flask | 89 | 119 | 650 | 33000 | 26 | 12 小时保温保冷，一键弹盖，便携防漏。 | Keeps drinks hot or cold for 12 hours, with a leak-proof flip lid.
kitchenware | 陶瓷餐具套装 16 件 | 16-piece Ceramic Dinnerware Set | 259 | 329 | 95 | 4700 | 125 | 釉下彩工艺，可进微波炉洗碗机。 | Underglaze colours; microwave and dishwasher safe.
furniture | 人体工学电脑椅 | Ergonomic Office Chair | 899 | 1199 | 50 | 6300 | 36 | 网布透气，腰托可调，久坐不累。 | Breathable mesh and adjustable lumbar support for long hours.
furniture | 实木升降书桌 | Solid-wood Standing Desk | 1599 | 1899 | 25 | 1500 | 64 | 双电机升降，记忆高度，站坐交替更健康。 | Dual-motor lift with height memory; switch between sitting and standing.
furniture | 可折叠收纳箱 三件套 | Foldable Storage Boxes, Set of 3 | 79 | 99 | 480 | 17600 | 115 | 大容量衣物收纳，可叠放，不用时折叠。 | Large boxes for clothes that stack, and fold flat when empty.
sportswear | 男子缓震跑步鞋 | Men's Cushioned Running Shoes | 599 | 699 | 160 | 10200 | 19 | 回弹中底，透气网面，适合长距离慢跑。 | Responsive midsole and breathable mesh for long runs.
sportswear | 女子高强度运动内衣 | Women's High-support Sports Bra | 159 | 199 | 280 | 8400 | 56 | 高强度支撑，速干透气，跑步健身无忧。 | High support, quick-dry and breathable for running and the gym.
sportswear | 速干运动 T 恤 | Quick-dry Sports T-shirt | 79 | 99 | 520 | 19400 | 98 | 冰感面料，吸湿速干，健身跑步都舒适。 | Cooling fabric that wicks sweat; comfortable for gym and running.
fitness | 家用瑜伽垫 10mm 加厚 | 10mm Thick Home Yoga Mat | 89 | 119 | 430 | 24000 | 77 | 高密度 NBR，防滑回弹，附赠绑带。 | High-density NBR, non-slip and springy, with a carrying strap.
fitness | 可调节哑铃 一对 20kg | Adjustable Dumbbells, Pair, 20kg | 399 | 499 | 110 | 5300 | 105 | 快速调节重量，占地小，家庭健身房必备。 | Quick weight changes in a small footprint; a home gym essential.
fitness | 静音跑步机 可折叠 | Quiet Foldable Treadmill | 2499 | 2999 | 18 | 1200 | 15 | 静音电机，折叠免安装，客厅也能跑。 | Quiet motor and folds without assembly; run in the living room.
outdoor | 双层防雨露营帐篷 3-4 人 | Double-layer Waterproof Camping Tent, 3-4 people | 459 | 599 | 75 | 3800 | 24 | 一键速开，防暴雨，家庭露营首选。 | Pops up in seconds and keeps out heavy rain; ideal for family camping.
outdoor | 户外冲锋衣 三合一 | 3-in-1 Outdoor Waterproof Jacket | 699 | 899 | 90 | 4600 | 170 | 防水透湿，抓绒内胆可拆，登山徒步都合适。 | Waterproof and breathable with a removable fleece, for hiking and climbing.
outdoor | 折叠登山杖 碳纤维 | Carbon-fibre Folding Trekking Poles | 189 | - | 140 | 2500 | 130 | 超轻碳纤维，三节折叠，减轻膝盖压力。 | Ultralight carbon fibre, folds in three and takes pressure off your knees.
books-general | 《人类简史》精装版 | Sapiens: A Brief History of Humankind (Hardcover) | 68 | 88 | 350 | 14700 | 180 | 从认知革命到科学革命，重新理解人类历史。 | From the cognitive to the scientific revolution: a fresh look at human history.
books-general | 《三体》全集 | The Three-Body Problem Trilogy | 93 | 168 | 500 | 36000 | 120 | 刘慈欣科幻巨著，雨果奖获奖作品。 | Liu Cixin's science-fiction epic and Hugo Award winner.
books-general | Python 编程从入门到实践 | Python Crash Course | 89 | 109 | 210 | 9900 | 45 | 零基础学编程，项目驱动，附练习答案。 | Learn to program from zero with hands-on projects and exercise answers.
stationery | 按动中性笔 0.5mm 12 支 | Retractable Gel Pens 0.5mm, 12 pack | 25 | 32 | 1200 | 61000 | 88 | 速干顺滑，考试办公常备，黑色墨水。 | Quick-drying, smooth black ink for exams and the office.
stationery | A5 皮面手账本 | A5 Leather-cover Journal | 59 | 79 | 360 | 12300 | 33 | 道林纸不洇墨，附书签丝带，送礼自用皆宜。 | Bleed-resistant paper and a ribbon marker; a gift or for yourself.
stationery | 36 色水彩颜料套装 | 36-colour Watercolour Paint Set | 129 | 159 | 95 | 2700 | 150 | 高饱和度，附水笔刷与调色盘。 | Highly saturated colours with a water brush and mixing palette.
baby | 婴儿纸尿裤 L 码 100 片 | Baby Nappies, Size L, 100 count | 149 | 189 | 600 | 30000 | 11 | 超薄透气，3D 立体护围，整夜干爽。 | Ultra-thin and breathable with 3D leak guards for dry nights.
baby | 婴儿推车 可坐可躺 | Reclining Baby Stroller | 1299 | 1599 | 40 | 1900 | 72 | 一键收车，高景观避震，可登机。 | One-hand fold, high seat, suspension and cabin-friendly size.
baby | 婴儿湿巾 80 抽×6 包 | Baby Wipes 80 x 6 packs | 49 | 59 | 900 | 40000 | 140 | 纯水配方，手口可用，加厚珍珠纹。 | Pure-water formula safe for hands and mouth, thick pearl texture.
toys | 拼装积木 城市消防站 | Building Blocks: City Fire Station | 399 | 499 | 85 | 5800 | 16 | 1200 颗粒，锻炼动手能力，8 岁以上适用。 | 1200 pieces that build hands-on skills; ages 8 and up.
toys | 遥控越野车 四驱 | 4WD Remote-control Off-road Car | 259 | 329 | 120 | 4400 | 60 | 2.4G 遥控，全比例转向，防撞车身。 | 2.4 GHz remote, proportional steering and a crash-proof body.
toys | 毛绒玩具 大熊猫 40cm | Giant Panda Plush Toy 40cm | 99 | 129 | 260 | 15800 | 100 | 柔软亲肤，可机洗，送孩子的暖心礼物。 | Soft and cuddly, machine-washable; a heart-warming gift.
phones | 上一代旗舰手机 X4 | Previous-generation Flagship Phone X4 | 3299 | 4999 | 12 | 22000 | 178 | 经典旗舰，性能依旧强劲，清仓特价。 | A classic flagship that still performs, on clearance. | off
snacks | 限定款 樱花味 曲奇饼干 | Limited Edition Sakura Cookies | 49 | - | 30 | 9000 | 176 | 春季限定樱花风味，酥松香甜。 | A spring-only sakura flavour, crumbly and sweet. | off
`;

export interface SeedProduct {
  category: string;
  name: string;
  nameEn: string;
  price: number;
  originalPrice: number | null;
  stock: number;
  sales: number;
  daysAgo: number;
  description: string;
  descriptionEn: string;
  onShelf: boolean;
}

const yuanToFen = (yuan: string) => Math.round(Number(yuan) * 100);

export const SEED_PRODUCTS: SeedProduct[] = PRODUCT_TABLE.trim()
  .split('\n')
  .map((line) => {
    const [category, name, nameEn, price, original, stock, sales, daysAgo, description, descriptionEn, flag] =
      line.split('|').map((cell) => cell.trim());
    return {
      category,
      name,
      nameEn,
      price: yuanToFen(price),
      originalPrice: original === '-' ? null : yuanToFen(original),
      stock: Number(stock),
      sales: Number(sales),
      daysAgo: Number(daysAgo),
      description,
      descriptionEn,
      onShelf: flag !== 'off',
    };
  });
