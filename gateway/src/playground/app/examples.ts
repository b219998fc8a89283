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
`;
