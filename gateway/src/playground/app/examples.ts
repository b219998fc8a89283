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
  shipOrder(input: { orderId: "1" }) {
    order { id status shippedAt }
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
