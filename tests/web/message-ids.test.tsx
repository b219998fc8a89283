import { render, screen } from '@testing-library/react';
import { createIntl, FormattedMessage, IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import type { MessageId } from '../../web/src/i18n/message-ids.ts';
import homeMessages from '../../web/src/pages/home/messages.ts';

/**
 * Message ids are checked by the compiler (`npm run typecheck` compiles this file): each
 * `@ts-expect-error` below is itself an error, failing the typecheck, should a misspelt id compile.
 * At run time react-intl falls back to the id, which is what the assertions see.
 */
const onError = () => {};
const intl = createIntl({
  locale: 'en-GB',
  messages: homeMessages['en-GB'] as Record<MessageId, string>,
  onError,
});

describe('typed message ids', () => {
  it('accepts a catalogue id', () => {
    expect(intl.formatMessage({ id: 'home.hot' })).toBe(homeMessages['en-GB']['home.hot']);
    const id: MessageId = 'reviewStatus.PASSED';
    expect(id).toBe('reviewStatus.PASSED');
  });

  it('refuses a misspelt id in formatMessage, a MessageId and <FormattedMessage>', () => {
    // @ts-expect-error 'home.hott' is in no catalogue
    expect(intl.formatMessage({ id: 'home.hott' })).toBe('home.hott');
    // @ts-expect-error a status that does not exist
    const id: MessageId = 'orderStatus.SHIPPED';
    expect(id).toBe('orderStatus.SHIPPED');
    render(
      <IntlProvider
        locale="en-GB"
        messages={homeMessages['en-GB'] as Record<MessageId, string>}
        onError={onError}
      >
        {/* @ts-expect-error an id of no catalogue */}
        <FormattedMessage id="home.nothing" />
      </IntlProvider>,
    );
    expect(screen.getByText('home.nothing')).toBeInTheDocument();
  });
});
