import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { Button } from '../../../components/Button.tsx';
import './product-messages.ts'; // this chunk's texts

const Box = styled.div`
  margin: 0 0 16px;
  padding: 12px;
  border: 1px solid ${({ theme }) => theme.colors.warning};
  border-radius: ${({ theme }) => theme.radii.sm}px;
  background: ${({ theme }) => theme.colors.background};
  h2 {
    margin: 0 0 6px;
    font-size: ${({ theme }) => theme.fontSizes.md}px;
  }
  p {
    margin: 0 0 8px;
  }
  ul {
    margin: 0;
    padding-left: 20px;
    overflow-wrap: anywhere;
  }
`;

/**
 * A save refused because someone else changed the product since it was loaded: says so, and
 * loads the latest version without touching what was typed.
 */
export function StaleEdit({ onReload, reloading }: { onReload: () => void; reloading: boolean }) {
  const intl = useIntl();
  return (
    <Box role="alert" aria-labelledby="product-stale-title">
      <h2 id="product-stale-title">{intl.formatMessage({ id: 'products.stale.title' })}</h2>
      <p>{intl.formatMessage({ id: 'products.stale.body' })}</p>
      <Button variant="primary" loading={reloading} onClick={onReload}>
        {intl.formatMessage({ id: 'products.stale.reload' })}
      </Button>
    </Box>
  );
}

/** After the reload: what someone else changed (their values), for the editor to check against. */
export function TheirChanges({ changes }: { changes: Array<{ field: string; value: string }> }) {
  const intl = useIntl();
  return (
    <Box role="status">
      <p>{intl.formatMessage({ id: 'products.stale.reloaded' })}</p>
      <ul>
        {changes.map((change) => (
          <li key={change.field}>{intl.formatMessage({ id: 'products.stale.theirs' }, change)}</li>
        ))}
      </ul>
    </Box>
  );
}
