import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { mobileQuery } from '../theme.ts';

const Foot = styled.footer`
  margin-top: 32px;
  padding: 24px 16px;
  text-align: center;
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.fontSizes.sm}px;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  ${mobileQuery} {
    padding-right: ${({ theme }) => theme.layout.sideButtonsGutter}px;
    padding-bottom: ${({ theme }) => theme.layout.tabBarHeight + 24}px;
  }
`;

export function Footer({ shopName }: { shopName: string }) {
  const intl = useIntl();
  return (
    <Foot>
      <p>{intl.formatMessage({ id: 'layout.footer' }, { year: new Date().getFullYear(), shop: shopName })}</p>
    </Foot>
  );
}
