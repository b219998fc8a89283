import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@shop/common/paging.ts';
import {
  buildASTSchema,
  concatAST,
  type GraphQLField,
  type GraphQLInputObjectType,
  type GraphQLSchema,
  isEnumType,
  isInputObjectType,
  isIntrospectionType,
  isObjectType,
  isSpecifiedScalarType,
  parse,
} from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { schemaFiles, typeDefs } from '../../gateway/src/graphql/schema.ts';
import { resolvers } from '../../gateway/src/resolvers/index.ts';

describe('gateway API: the schema contract', () => {
  let schema: GraphQLSchema;
  beforeAll(() => {
    schema = buildASTSchema(concatAST(typeDefs.map((sdl) => parse(sdl))));
  });

  it('keeps one SDL file per domain', () => {
    expect(schemaFiles).toEqual([
      'account-session.graphql',
      'addresses.graphql',
      'admin-catalogue-structure.graphql',
      'admin-excel.graphql',
      'admin-permissions.graphql',
      'admin-photos.graphql',
      'admin-products.graphql',
      'admin-stock.graphql',
      'admin.graphql',
      'base.graphql',
      'cache-purge.graphql',
      'cart.graphql',
      'catalogue.graphql',
      'menus.graphql',
      'orders-payments.graphql',
      'system.graphql',
      'user-error-codes.graphql',
      'user-errors.graphql',
    ]);
  });

  it('describes every type, field, argument, input field and enum value', () => {
    const missing: string[] = [];
    const field = (owner: string, f: GraphQLField<unknown, unknown>) => {
      if (!f.description?.trim()) missing.push(`${owner}.${f.name}`);
      for (const arg of f.args) if (!arg.description?.trim()) missing.push(`${owner}.${f.name}(${arg.name})`);
    };
    for (const type of Object.values(schema.getTypeMap())) {
      if (isIntrospectionType(type) || isSpecifiedScalarType(type)) continue;
      if (!type.description?.trim()) missing.push(type.name);
      if (isObjectType(type)) for (const f of Object.values(type.getFields())) field(type.name, f);
      if (isInputObjectType(type))
        for (const f of Object.values(type.getFields()))
          if (!f.description?.trim()) missing.push(`${type.name}.${f.name}`);
      if (isEnumType(type))
        for (const value of type.getValues())
          if (!value.description?.trim()) missing.push(`${type.name}.${value.name}`);
    }
    for (const directive of schema.getDirectives()) {
      if (['include', 'skip', 'deprecated', 'specifiedBy', 'oneOf'].includes(directive.name)) continue;
      for (const arg of directive.args)
        if (!arg.description?.trim()) missing.push(`@${directive.name}(${arg.name})`);
    }
    expect(missing).toEqual([]);
  });

  it('states the page sizes of common/paging.ts in PageInput', () => {
    const pageSize = (schema.getType('PageInput') as GraphQLInputObjectType).getFields().pageSize;
    expect(pageSize.defaultValue).toBe(DEFAULT_PAGE_SIZE);
    expect(pageSize.description).toContain(`(default ${DEFAULT_PAGE_SIZE}, at most ${MAX_PAGE_SIZE})`);
  });

  it('covers every REST capability of the service and has a resolver for every root field', () => {
    const queries = Object.keys(schema.getQueryType()!.getFields()).sort();
    const mutations = Object.keys(schema.getMutationType()!.getFields()).sort();
    expect(queries).toEqual(
      [
        'session',
        'viewer',
        'realName',
        'resources',
        'config',
        'settings',
        'areas',
        'dictionary',
        'notices',
        'cards',
        'fileUrl',
        'categories',
        'category',
        'products',
        'searchProducts',
        'productSearch',
        'searchSuggestions',
        'hotProducts',
        'newProducts',
        'product',
        'cart',
        'addresses',
        'orders',
        'order',
        'orderPreview',
        'afterSales',
        'paymentResult',
        'bills',
        'adminOrders',
        'adminOrder',
        'adminRefunds',
        'adminProducts',
        'adminProduct',
        'adminCategories',
        'adminHomeCards',
      ].sort(),
    );
    expect(mutations).toEqual(
      [
        'login',
        'register',
        'logout',
        'updateProfile',
        'changePassword',
        'verifyRealName',
        'addToCart',
        'updateCartLine',
        'removeCartLine',
        'selectAllCartLines',
        'createAddress',
        'updateAddress',
        'deleteAddress',
        'setDefaultAddress',
        'placeOrder',
        'cancelOrder',
        'confirmReceipt',
        'applyRefund',
        'startPayment',
        'shipOrder',
        'reviewRefund',
        'createProduct',
        'updateProduct',
        'withdrawProduct',
        'restoreProduct',
        'addProductPhoto',
        'reorderProductPhotos',
        'setMainProductPhoto',
        'removeProductPhoto',
        'adjustStock',
        'createCategory',
        'updateCategory',
        'reorderCategories',
        'setCategoryHidden',
        'deleteCategory',
        'createHomeCard',
        'updateHomeCard',
        'reorderHomeCards',
        'removeHomeCard',
        'importProducts',
        'exportProducts',
        'exportOrders',
      ].sort(),
    );
    expect(Object.keys(resolvers.Query ?? {}).sort()).toEqual(queries);
    expect(Object.keys(resolvers.Mutation ?? {}).sort()).toEqual(mutations);
    for (const name of mutations) {
      const mutation = schema.getMutationType()!.getFields()[name];
      expect(String(mutation.type), name).toMatch(/Payload!$/);
      for (const arg of mutation.args) expect(String(arg.type), name).toMatch(/Input!?$/);
    }
    for (const type of [
      'OrderStatus',
      'PaymentStatus',
      'ReviewStatus',
      'MoneyDirection',
      'MenuType',
      'ProductSort',
      'PaymentMethod',
      'Gender',
    ]) {
      expect(isEnumType(schema.getType(type)), type).toBe(true);
    }
  });
});
