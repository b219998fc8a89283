/**
 * A product as a screen passes it to a component that reads its own fragment: just enough to find
 * the product in the normalized cache (`Product:<id>`). Query results carry `__typename`. A type,
 * not an interface: Apollo's `from` wants an object type it can index.
 */
export type ProductRef = {
  __typename?: 'Product';
  id: string;
};
