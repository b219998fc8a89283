/**
 * The message ids the compiler accepts: the union of every catalogue module's ids, declared to
 * react-intl (`FormatjsIntl.Message`), so `formatMessage({ id })` and `<FormattedMessage id>`
 * with a missing or misspelt id fail `npm run typecheck`. A catalogue module not listed here
 * fails tests/web/i18n.test.tsx.
 */
import type appMessages from '../app/messages.ts';
import type appOutageMessages from '../app/outage-messages.ts';
import type authMessages from '../auth/messages.ts';
import type authRegisterMessages from '../auth/register-messages.ts';
import type componentsFormRuleMessages from '../components/form/rule-messages.ts';
import type componentsMessages from '../components/messages.ts';
import type componentsPastLastPageMessages from '../components/past-last-page-messages.ts';
import type componentsQuantityMessages from '../components/quantity-messages.ts';
import type featuresAddressAddressMessages from '../features/address/address-messages.ts';
import type featuresCartCartMessages from '../features/cart/cart-messages.ts';
import type featuresCartNoscriptMessages from '../features/cart/noscript-messages.ts';
import type featuresCheckoutCheckoutMessages from '../features/checkout/checkout-messages.ts';
import type featuresOrderOrderCardMessages from '../features/order/order-card-messages.ts';
import type featuresOrderShopperMessages from '../features/order/shopper-messages.ts';
import type featuresOrderStatusMessages from '../features/order/status-messages.ts';
import type featuresProductMessages from '../features/product/messages.ts';
import type featuresSearchMessages from '../features/search/messages.ts';
import type layoutMenuLayoutMessages from '../layout/menu-layout-messages.ts';
import type layoutMessages from '../layout/messages.ts';
import type pagesAdminAdminMessages from '../pages/admin/admin-messages.ts';
import type pagesAdminCategoriesCategoryMessages from '../pages/admin/categories/category-messages.ts';
import type pagesAdminHomeCardsHomeCardMessages from '../pages/admin/home-cards/home-card-messages.ts';
import type pagesAdminImportImportMessages from '../pages/admin/import/import-messages.ts';
import type pagesAdminProductsPhotosPhotoMessages from '../pages/admin/products/photos/photo-messages.ts';
import type pagesAdminProductsProductMessages from '../pages/admin/products/product-messages.ts';
import type pagesAdminProductsStockStockMessages from '../pages/admin/products/stock/stock-messages.ts';
import type pagesCategoryMessages from '../pages/category/messages.ts';
import type pagesGoodsGoodsMessages from '../pages/goods/goods-messages.ts';
import type pagesHomeMessages from '../pages/home/messages.ts';
import type pagesLoginMessages from '../pages/login/messages.ts';
import type pagesNoAuthorityNoAuthorityMessages from '../pages/no-authority/no-authority-messages.ts';
import type pagesNotFoundMessages from '../pages/not-found/messages.ts';
import type pagesSearchSearchMessages from '../pages/search/search-messages.ts';
import type pagesUserCenterUserCenterMessages from '../pages/user-center/user-center-messages.ts';
import type i18NMessages from './messages.ts';

type Ids<T extends { 'zh-CN': object }> = keyof T['zh-CN'] & string;

export type MessageId =
  | Ids<typeof appMessages>
  | Ids<typeof appOutageMessages>
  | Ids<typeof authMessages>
  | Ids<typeof authRegisterMessages>
  | Ids<typeof componentsFormRuleMessages>
  | Ids<typeof componentsMessages>
  | Ids<typeof componentsPastLastPageMessages>
  | Ids<typeof componentsQuantityMessages>
  | Ids<typeof featuresAddressAddressMessages>
  | Ids<typeof featuresCartCartMessages>
  | Ids<typeof featuresCartNoscriptMessages>
  | Ids<typeof featuresCheckoutCheckoutMessages>
  | Ids<typeof featuresOrderOrderCardMessages>
  | Ids<typeof featuresOrderShopperMessages>
  | Ids<typeof featuresOrderStatusMessages>
  | Ids<typeof featuresProductMessages>
  | Ids<typeof featuresSearchMessages>
  | Ids<typeof i18NMessages>
  | Ids<typeof layoutMenuLayoutMessages>
  | Ids<typeof layoutMessages>
  | Ids<typeof pagesAdminAdminMessages>
  | Ids<typeof pagesAdminCategoriesCategoryMessages>
  | Ids<typeof pagesAdminHomeCardsHomeCardMessages>
  | Ids<typeof pagesAdminImportImportMessages>
  | Ids<typeof pagesAdminProductsPhotosPhotoMessages>
  | Ids<typeof pagesAdminProductsProductMessages>
  | Ids<typeof pagesAdminProductsStockStockMessages>
  | Ids<typeof pagesCategoryMessages>
  | Ids<typeof pagesGoodsGoodsMessages>
  | Ids<typeof pagesHomeMessages>
  | Ids<typeof pagesLoginMessages>
  | Ids<typeof pagesNoAuthorityNoAuthorityMessages>
  | Ids<typeof pagesNotFoundMessages>
  | Ids<typeof pagesSearchSearchMessages>
  | Ids<typeof pagesUserCenterUserCenterMessages>;

declare global {
  namespace FormatjsIntl {
    interface Message {
      ids: MessageId;
    }
  }
}
