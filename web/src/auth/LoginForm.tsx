import { useMutation } from '@apollo/client/react';
import { loginSchema } from '@shop/common/validation/accounts.ts';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { LoginDocument } from '../__generated__/graphql.ts';
import { acceptPayload } from '../app/user-errors.ts';
import { Button } from '../components/Button.tsx';
import { Field, TextInput, useShopForm } from '../components/form/index.ts';
import { AccountForm } from './AccountForm.tsx';

export const FormFooter = styled.p`
  margin: 12px 0 0;
  text-align: center;
  color: ${({ theme }) => theme.colors.textSecondary};
  font-size: ${({ theme }) => theme.fontSizes.sm}px;
`;

export const LinkButton = styled.button`
  border: 0;
  background: none;
  padding: 0 2px;
  color: ${({ theme }) => theme.colors.primaryStrong};
  cursor: pointer;
  font: inherit;
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
  }
`;

/** A switch between the login and register forms: a link to the other form, or the script's switch. */
export function SwitchLink({
  href,
  onSwitch,
  children,
}: {
  href?: string;
  onSwitch: () => void;
  children: string;
}) {
  if (!href) {
    return (
      <LinkButton type="button" onClick={onSwitch}>
        {children}
      </LinkButton>
    );
  }
  return (
    <LinkButton
      as="a"
      href={href}
      onClick={(event) => {
        event.preventDefault();
        onSwitch();
      }}
    >
      {children}
    </LinkButton>
  );
}

export interface LoginFormProps {
  /** After a successful login (the session is already in the cache). */
  onSuccess: (result: { defaultPassword: boolean }) => void;
  onSwitchToRegister?: () => void;
  /** The address of the register form, for a switch that works without JavaScript. */
  registerHref?: string;
  /** Where a login sent without JavaScript goes afterwards (a same-site path). */
  redirectTo?: string;
}

/** Login by user name or phone (trimmed) and password; both required, checked on blur and submit. */
export function LoginForm({ onSuccess, onSwitchToRegister, registerHref, redirectTo }: LoginFormProps) {
  const intl = useIntl();
  const [login, { loading }] = useMutation(LoginDocument);
  const form = useShopForm({
    schema: loginSchema,
    labels: { account: 'field.account', password: 'field.password' },
    serverForm: 'login',
  });

  // The values are the schema's output: the account is trimmed.
  const submit = form.handleSubmit(async (values) => {
    try {
      const { data } = await login({ variables: { input: values } });
      const payload = acceptPayload(data?.login);
      if (payload.session.isAuthenticated) onSuccess({ defaultPassword: payload.defaultPassword === true });
    } catch (error) {
      // the links toast the refusal (wrong password) or the error (throttled, …)
      form.showRefusal(error);
    }
  });

  return (
    <AccountForm
      intent="login"
      label={intl.formatMessage({ id: 'auth.loginTitle' })}
      redirectTo={redirectTo}
      serverMessage={form.serverMessage}
      onSubmit={submit}
    >
      <Field label={intl.formatMessage({ id: 'field.account' })} error={form.errorText('account')} required>
        <TextInput {...form.field('account')} autoComplete="username" />
      </Field>
      <Field label={intl.formatMessage({ id: 'field.password' })} error={form.errorText('password')} required>
        <TextInput {...form.field('password')} type="password" autoComplete="current-password" />
      </Field>
      <Button type="submit" variant="primary" block loading={loading || form.submitting}>
        {intl.formatMessage({ id: 'auth.submitLogin' })}
      </Button>
      {onSwitchToRegister && (
        <FormFooter>
          {intl.formatMessage({ id: 'auth.noAccount' })}
          <SwitchLink href={registerHref} onSwitch={onSwitchToRegister}>
            {intl.formatMessage({ id: 'auth.goRegister' })}
          </SwitchLink>
        </FormFooter>
      )}
    </AccountForm>
  );
}
