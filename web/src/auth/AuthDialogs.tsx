import { useIntl } from 'react-intl';
import { Dialog } from '../components/Dialog.tsx';
import { LoginForm } from './LoginForm.tsx';
import { RegisterForm } from './RegisterForm.tsx';

export type DialogKind = 'login' | 'register' | null;

/** The login and register dialogs: Esc or × closes; an outside click does not. */
export default function AuthDialogs({
  kind,
  onClose,
  onSwitch,
  onSignedIn,
}: {
  kind: DialogKind;
  onClose: () => void;
  onSwitch: (kind: DialogKind) => void;
  onSignedIn: () => void;
}) {
  const intl = useIntl();
  return (
    <>
      <Dialog open={kind === 'login'} title={intl.formatMessage({ id: 'auth.loginTitle' })} onClose={onClose}>
        <LoginForm onSuccess={() => onSignedIn()} onSwitchToRegister={() => onSwitch('register')} />
      </Dialog>
      <Dialog
        open={kind === 'register'}
        title={intl.formatMessage({ id: 'auth.registerTitle' })}
        onClose={onClose}
      >
        <RegisterForm
          onSuccess={({ signedIn }) => (signedIn ? onSignedIn() : onSwitch('login'))}
          onSwitchToLogin={() => onSwitch('login')}
        />
      </Dialog>
    </>
  );
}
