import { button, type SeedMenu } from './menu-rows.ts';
import { MENU_SUB } from './resource.ts';

const screen = (
  name: string,
  nameEn: string,
  routerName: string,
  routerPath: string,
  children: SeedMenu[] = [],
): SeedMenu => ({ name, nameEn, routerName, routerPath, type: MENU_SUB, audience: 'admin', children });

/**
 * The catalogue screens of the back office (docs/back-office.md), listed under 后台管理 after the
 * order screens, with the buttons the service checks (requirePermission) and the web app reads.
 */
export const CATALOGUE_SCREENS: SeedMenu[] = [
  screen('商品管理', 'Products', 'AdminProducts', '/admin/products', [
    button('查看商品', 'View products', 'AdminProductsView', 'product:view', '/admin/products'),
    button('编辑商品', 'Edit products', 'AdminProductsEdit', 'product:edit', '/admin/products'),
    button('调整库存', 'Adjust stock', 'AdminProductsStock', 'stock:adjust', '/admin/products'),
    button('导出商品', 'Export products', 'AdminProductsExport', 'product:export', '/admin/products'),
  ]),
  {
    // Opened from the product list ('new' creates one): 商品管理 stays highlighted on it.
    ...screen('编辑商品', 'Edit product', 'AdminProductEditor', '/admin/products/:productId'),
    isHidden: true,
    highlightMenu: '/admin/products',
  },
  screen('分类管理', 'Categories', 'AdminCategories', '/admin/categories', [
    button('编辑分类', 'Edit categories', 'AdminCategoriesEdit', 'category:edit', '/admin/categories'),
  ]),
  screen('首页卡片', 'Home cards', 'AdminHomeCards', '/admin/home-cards', [
    button('编辑首页卡片', 'Edit home cards', 'AdminHomeCardsEdit', 'home:edit', '/admin/home-cards'),
  ]),
  screen('批量导入', 'Import', 'AdminImport', '/admin/import', [
    button('导入商品', 'Import products', 'AdminImportRun', 'product:import', '/admin/import'),
  ]),
];

/** Buttons added to 待发货订单 (AdminOrders) after its view and ship buttons. */
export const ORDER_SCREEN_BUTTONS: SeedMenu[] = [
  button('导出订单', 'Export orders', 'AdminOrdersExport', 'order:export', '/admin/orders'),
];
