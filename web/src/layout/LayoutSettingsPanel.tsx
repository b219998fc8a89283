import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { Button } from '../components/Button.tsx';
import { Checkbox } from '../components/Checkbox.tsx';
import { Dialog } from '../components/Dialog.tsx';
import type { LayoutSettings } from './layout-settings.ts';
import { layoutActions, useLayoutState } from './layout-store.ts';

const Hint = styled.p`
  margin: 0 0 12px;
  color: ${({ theme }) => theme.colors.textSecondary};
  font-size: ${({ theme }) => theme.fontSizes.sm}px;
`;

const Options = styled.div`
  display: flex;
  flex-direction: column;
  gap: 12px;
`;

/**
 * The layout settings panel (offered when the shop's showSettings is on): fixed header and the
 * sidebar logo for this browser, over the shop's own settings; "restore defaults" drops them.
 */
export default function LayoutSettingsPanel({
  open,
  onClose,
  settings,
}: {
  open: boolean;
  onClose: () => void;
  settings: LayoutSettings;
}) {
  const intl = useIntl();
  const { prefs } = useLayoutState();
  const { setPrefs } = layoutActions;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={intl.formatMessage({ id: 'layout.settings' })}
      width={360}
      footer={
        <>
          <Button onClick={() => setPrefs({})}>{intl.formatMessage({ id: 'layout.settings.reset' })}</Button>
          <Button variant="primary" onClick={onClose}>
            {intl.formatMessage({ id: 'layout.settings.done' })}
          </Button>
        </>
      }
    >
      <Hint>{intl.formatMessage({ id: 'layout.settings.hint' })}</Hint>
      <Options>
        <Checkbox
          name="fixedHeader"
          checked={settings.fixedHeader}
          onChange={(fixedHeader) => setPrefs({ ...prefs, fixedHeader })}
          label={intl.formatMessage({ id: 'layout.settings.fixedHeader' })}
        />
        <Checkbox
          name="sidebarLogo"
          checked={settings.sidebarLogo}
          onChange={(sidebarLogo) => setPrefs({ ...prefs, sidebarLogo })}
          label={intl.formatMessage({ id: 'layout.settings.sidebarLogo' })}
        />
      </Options>
    </Dialog>
  );
}
