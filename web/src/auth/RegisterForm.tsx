import { useMutation } from '@apollo/client/react';
import { registerSchema } from '@shop/common/validation/accounts.ts';
import { useIntl } from 'react-intl';
import { RegisterDocument } from '../__generated__/graphql.ts';
import { acceptPayload } from '../app/user-errors.ts';
import { Button } from '../components/Button.tsx';
import { Field, TextInput, useShopForm } from '../components/form/index.ts';
import { AccountForm } from './AccountForm.tsx';
import { FormFooter, SwitchLink } from './LoginForm.tsx';
import './register-messages.ts'; // the rules shown up front travel with this form

export interface RegisterFormProps {
  /** After registering (signed in: the session is in the cache). */
  onSuccess: (result: { signedIn: boolean }) => void;
  onSwitchToLogin?: () => void;
  /** The address of the login form, for a switch that works without JavaScript. */
  loginHref?: string;
  /** Where a registration sent without JavaScript goes afterwards (a same-site path). */
  redirectTo?: string;
}

/** Register: user name, password and phone required, checked by the shared rules (common/validation). */
export function RegisterForm({ onSuccess, onSwitchToLogin, loginHref, redirectTo }: RegisterFormProps) {
  const intl = useIntl();
  const [register, { loading }] = useMutation(RegisterDocument);
  const form = useShopForm({
    schema: registerSchema,
    labels: { username: 'field.username', password: 'field.password', phone: 'field.phone' },
    serverForm: 'register',
  });

  const submit = form.handleSubmit(async (values) => {
    try {
      const { data } = await register({ variables: { input: { ...values, signIn: true } } });
      onSuccess({ signedIn: acceptPayload(data?.register).session.isAuthenticated });
    } catch (error) {
      // the links toast the refusal; a taken name or phone is also shown at its field
      form.showRefusal(error);
    }
  });

  return (
    <AccountForm
      intent="register"
      label={intl.formatMessage({ id: 'auth.registerTitle' })}
      redirectTo={redirectTo}
      serverMessage={form.serverMessage}
      onSubmit={submit}
    >
      <Field
        label={intl.formatMessage({ id: 'field.username' })}
        hint={intl.formatMessage({ id: 'register.usernameHint' })}
        error={form.errorText('username')}
        required
      >
        <TextInput {...form.field('username')} autoComplete="username" />
      </Field>
      <Field
        label={intl.formatMessage({ id: 'field.password' })}
        hint={intl.formatMessage({ id: 'register.passwordHint' })}
        error={form.errorText('password')}
        required
      >
        <TextInput {...form.field('password')} type="password" autoComplete="new-password" />
      </Field>
      <Field
        label={intl.formatMessage({ id: 'field.phone' })}
        hint={intl.formatMessage({ id: 'register.phoneHint' })}
        error={form.errorText('phone')}
        required
      >
        <TextInput {...form.field('phone')} type="tel" inputMode="tel" autoComplete="tel" maxLength={20} />
      </Field>
      <Button type="submit" variant="primary" block loading={loading || form.submitting}>
        {intl.formatMessage({ id: 'auth.submitRegister' })}
      </Button>
      {onSwitchToLogin && (
        <FormFooter>
          {intl.formatMessage({ id: 'auth.haveAccount' })}
          <SwitchLink href={loginHref} onSwitch={onSwitchToLogin}>
            {intl.formatMessage({ id: 'auth.goLogin' })}
          </SwitchLink>
        </FormFooter>
      )}
    </AccountForm>
  );
}
