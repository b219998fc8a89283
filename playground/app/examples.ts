/** The playground's first tab: example operations over the shop schema (run one by name). */
export const exampleOperations = `# Welcome to the shop's GraphQL playground.
# The Docs panel (book icon) describes every type and field.
# Pick an operation with the ▶ button. Log in first for the cart; the session
# travels in an HttpOnly cookie, so nothing needs to be pasted into headers.

query Products {
  products(filter: { sort: SALES }, page: { pageNum: 1, pageSize: 5 }) {
    total
    records {
      id
      name
      price { amount fen }
      sales
      stock
    }
  }
}

query Product {
  product(id: "1") {
    id
    name
    description
    price { amount }
    originalPrice { amount }
    stock
    images
  }
}

mutation Login {
  login(input: { account: "demo", password: "demo123" }) {
    session { isAuthenticated defaultPassword }
    userErrors { code field message }
  }
}

# A mobile app logs in with transport: BEARER and keeps the returned sessionToken. Put it in
# the Headers tab as {"Authorization": "Bearer <sessionToken>"} (no cookie is used). When an
# answer carries extensions.session.token, replace the stored token with it; null means the
# session ended. See docs/mobile.md.
mutation LoginBearer {
  login(input: { account: "demo", password: "demo123", transport: BEARER }) {
    sessionToken
    session { isAuthenticated }
    userErrors { code field message }
  }
}

query Cart {
  cart {
    id
    totalQuantity
    selectedTotal { amount }
    lines { id quantity selected subtotal { amount } product { name } }
  }
}

mutation AddToCart {
  addToCart(input: { productId: "1", quantity: 1 }) {
    cart { id totalQuantity }
    userErrors { code field message }
  }
}

# ── Back office ──────────────────────────────────────────────────────────────
# Sign in as the admin first (LoginAdmin). Every back-office operation needs the
# button permission named in its Docs entry: a shopper gets FORBIDDEN, a visitor
# UNAUTHENTICATED. Refusals of the input come back as userErrors. Edits carry the
# version they were made against: a stale one is refused with PRODUCT_VERSION_CONFLICT.
# docs/back-office.md explains each screen.

mutation LoginAdmin {
  login(input: { account: "admin", password: "admin123" }) {
    session { isAuthenticated defaultPassword }
    userErrors { code field message }
  }
}

query BackOfficePermissions {
  viewer {
    account
    backOffice {
      canEditProducts
      canAdjustStock
      canEditCategories
      canEditHomeCards
      canImportProducts
      canExportProducts
      canExportOrders
    }
  }
}

query AdminProducts {
  adminProducts(filter: { keyword: "手机", shelf: ON }, page: { pageNum: 1, pageSize: 10 }) {
    total
    records { id version nameZh nameEn price { amount } stock shelf updatedAt }
  }
}

query AdminProduct {
  adminProduct(id: "1") {
    id
    version
    nameZh
    nameEn
    price { amount }
    originalPrice { amount }
    stock
    onShelf
    withdrawn
    history { version kind actor { account } at changes { field before after } }
  }
}

mutation CreateProduct {
  createProduct(
    input: {
      nameZh: "星耀 智能手表"
      nameEn: "Xingyao Smartwatch"
      categoryId: "1"
      price: "499.00"
      stock: 20
      onShelf: false
    }
  ) {
    product { id version shelf }
    userErrors { code field message }
  }
}

mutation UpdateProduct {
  updateProduct(input: { id: "1", version: 1, price: "449.00", originalPrice: "499.00" }) {
    product { id version price { amount } originalPrice { amount } }
    userErrors { code field message }
  }
}

mutation WithdrawProduct {
  withdrawProduct(input: { id: "1", version: 2 }) {
    product { id version withdrawn withdrawnAt }
    userErrors { code field message }
  }
}

mutation RestoreProduct {
  restoreProduct(input: { id: "1", version: 3 }) {
    product { id version withdrawn shelf }
    userErrors { code field message }
  }
}

# Photographs: upload the picture first (POST /service/file/uploads, multipart field
# "file"); its answer names the fullfilename to attach.
mutation AddProductPhoto {
  addProductPhoto(input: { productId: "1", version: 4, fullfilename: "3f2a9c1e5b7d4f6a8c0e2b4d6f8a0c1e.jpg" }) {
    product { id version photos { id isMain position image { url } } }
    userErrors { code field message }
  }
}

mutation ReorderProductPhotos {
  reorderProductPhotos(input: { productId: "1", version: 5, photoIds: ["2", "1"] }) {
    product { id version photos { id position isMain } }
    userErrors { code field message }
  }
}

mutation SetMainProductPhoto {
  setMainProductPhoto(input: { productId: "1", version: 6, photoId: "1" }) {
    product { id version photos { id isMain } }
    userErrors { code field message }
  }
}

mutation RemoveProductPhoto {
  removeProductPhoto(input: { productId: "1", version: 7, photoId: "2" }) {
    product { id version photos { id } }
    userErrors { code field message }
  }
}

# Stock moves by a signed delta with a reason, whatever the version: orders change it too.
mutation AdjustStock {
  adjustStock(input: { productId: "1", delta: 12, reason: RESTOCK, note: "第二批到货" }) {
    product { id version stock }
    entry { id delta reason note stockAfter at }
    userErrors { code field message }
  }
}

query StockLedger {
  adminProduct(id: "1") {
    id
    stock
    stockLedger(page: { pageNum: 1, pageSize: 10 }) {
      total
      records { delta reason note stockAfter at actor { account } order { orderNo } }
    }
  }
}

query AdminCategories {
  adminCategories {
    id version cardName nameZh nameEn sort productCount
    children { id version cardName nameZh nameEn sort productCount }
  }
}

mutation CreateCategory {
  createCategory(input: { cardName: "watches", nameZh: "手表", nameEn: "Watches" }) {
    category { id version cardName sort }
    userErrors { code field message }
  }
}

mutation UpdateCategory {
  updateCategory(input: { id: "1", version: 1, nameZh: "智能手机", nameEn: "Smartphones" }) {
    category { id version nameZh nameEn }
    userErrors { code field message }
  }
}

mutation ReorderCategories {
  reorderCategories(input: { categoryIds: ["2", "1", "3"] }) {
    categories { id sort }
    userErrors { code field message }
  }
}

# Hiding keeps a category and its products but takes it off the storefront; deleting is for an
# empty one (CATEGORY_NOT_EMPTY otherwise).
mutation SetCategoryHidden {
  setCategoryHidden(input: { id: "2", version: 1, hidden: true }) {
    category { id version hidden }
    userErrors { code field message }
  }
}

mutation DeleteCategory {
  deleteCategory(input: { id: "2", version: 2 }) {
    deletedId
    userErrors { code field message }
  }
}

query AdminHomeCards {
  adminHomeCards {
    kinds { code name }
    cards { id version kind titleZh titleEn subtitleZh subtitleEn link enabled sort image { url } }
  }
}

mutation CreateHomeCard {
  createHomeCard(
    input: { kind: "promotion", titleZh: "秋季上新", titleEn: "Autumn arrivals", link: "/goods/new", enabled: true }
  ) {
    card { id version sort }
    userErrors { code field message }
  }
}

mutation UpdateHomeCard {
  updateHomeCard(
    input: { id: "1", version: 1, kind: "banner", titleZh: "全场包邮", titleEn: "Free delivery", enabled: true }
  ) {
    card { id version titleZh titleEn enabled }
    userErrors { code field message }
  }
}

mutation ReorderHomeCards {
  reorderHomeCards(input: { cardIds: ["2", "1"] }) {
    cards { id sort }
    userErrors { code field message }
  }
}

mutation RemoveHomeCard {
  removeHomeCard(input: { id: "2", version: 1 }) {
    removedId
    userErrors { code field message }
  }
}

# Spreadsheets: fill the template (GET /service/admin/product/import-template with the
# session), upload it (POST /service/file/uploads), check it with dryRun: true, then
# import it: every row or none. An export answers an address to download the .xlsx from.
mutation ImportProductsDryRun {
  importProducts(input: { fullfilename: "5d41402abc4b2a76b9719d911017c592.xlsx", dryRun: true }) {
    dryRun
    total
    valid
    problems { row column columnTitle field message }
    userErrors { code field message }
  }
}

mutation ImportProducts {
  importProducts(input: { fullfilename: "5d41402abc4b2a76b9719d911017c592.xlsx", dryRun: false }) {
    imported
    productIds
    problems { row columnTitle message }
    userErrors { code field message }
  }
}

mutation ExportProducts {
  exportProducts(input: { shelf: ON }) {
    download { url filename }
    userErrors { code field message }
  }
}

mutation ExportOrders {
  exportOrders(input: { from: "2026-11-01", to: "2026-11-30", status: PAID }) {
    download { url filename }
    userErrors { code field message }
  }
}

query AdminOrders {
  adminOrders(status: PAID, page: { pageNum: 1, pageSize: 10 }) {
    total
    records { id orderNo status buyerAccount payableAmount { amount } actions { canShip } }
  }
}

query AdminOrder {
  adminOrder(id: "1") {
    order { id orderNo status }
    buyer { account name phone }
  }
}

mutation ShipOrder {
  shipOrder(input: { orderId: "1", courier: "SF", waybillNo: "SF1234567890" }) {
    order { id status shippedAt shipment { courierName waybillNo } }
    userErrors { code field message }
  }
}

query AdminRefunds {
  adminRefunds(reviewStatus: PENDING, page: { pageNum: 1, pageSize: 10 }) {
    total
    records { id orderNo account reviewStatus amount { amount } reason }
  }
}

mutation ReviewRefund {
  reviewRefund(input: { refundId: "1", approve: false, remark: "商品已拆封使用" }) {
    refund { id reviewStatus remark }
    userErrors { code field message }
  }
}
`;
