import { orderStatuses, paymentStatuses, reviewStatuses, statusMessages } from '@shop/common/statuses.ts';
import { addCatalogue } from '../../i18n/messages-collect.ts';

/**
 * The labels of order, payment and refund-review states, from the one table the service's
 * dictionaries also read. They travel with the chunks that show orders: the shopper's order
 * screens and the back office import this module.
 */
const forLocale = (locale: 'zh-CN' | 'en-GB') => ({
  ...statusMessages('orderStatus.', orderStatuses, locale),
  ...statusMessages('paymentStatus.', paymentStatuses, locale),
  ...statusMessages('reviewStatus.', reviewStatuses, locale),
});

export const statusCatalogue = { 'zh-CN': forLocale('zh-CN'), 'en-GB': forLocale('en-GB') };

export default addCatalogue(statusCatalogue);
