/**
 * The account forms' server actions: signing in, registering and signing out (the login route),
 * and the personal centre's password, profile and real-name forms.
 */

import {
  loginSchema,
  passwordChangeSchema,
  profileSchema,
  realNameSchema,
  registerSchema,
} from '@shop/common/validation/accounts.ts';
import type { ActionFunctionArgs } from 'react-router-dom';
import {
  ChangePasswordDocument,
  type Gender,
  LoginDocument,
  LogoutDocument,
  ProfilePanelDocument,
  RegisterDocument,
  UpdateProfileDocument,
  VerifyRealNameDocument,
} from '../../__generated__/graphql.ts';
import { loginPath, safeRedirect } from '../../auth/redirect.ts';
import { checkAvatarFile, DEFAULT_UPLOAD_MAX_BYTES } from '../../pages/user-center/avatar.ts';
import type { UserErrorLike } from '../user-errors.ts';
import { addressFormAction } from './addresses.ts';
import {
  contextOf,
  donePath,
  type FormActionContext,
  failure,
  mutatePayload,
  redirectTo,
  refuse,
  ruleMessages,
  signedIn,
  text,
  typedValues,
} from './shared.ts';

type Payload = { userErrors: UserErrorLike[] };

/** /login: sign in, register (and sign in), or sign out; each ends on the page the shopper came for. */
export async function accountAction(args: ActionFunctionArgs) {
  const { client } = contextOf(args);
  const form = await args.request.formData();
  const intent = text(form, 'intent');
  const next = safeRedirect(text(form, 'redirect'));

  if (intent === 'logout') {
    // Signed out whatever the service says: the gateway clears the session cookie.
    await client.mutate({ mutation: LogoutDocument, variables: { input: {} }, errorPolicy: 'all' });
    return redirectTo('/login');
  }

  if (intent === 'register') {
    const values = typedValues(form, ['username', 'password', 'phone']);
    const parsed = registerSchema.safeParse({
      username: text(form, 'username'),
      password: text(form, 'password'),
      phone: text(form, 'phone'),
    });
    if (!parsed.success) return refuse({ form: 'register', values, rules: ruleMessages(parsed.error) });
    try {
      await mutatePayload(
        () =>
          client.mutate({
            mutation: RegisterDocument,
            variables: { input: { ...parsed.data, signIn: true } },
            errorPolicy: 'all',
          }),
        (result: { register?: Payload }) => result?.register,
      );
    } catch (error) {
      return failure('register', values, error);
    }
    return redirectTo(next);
  }

  const values = typedValues(form, ['account', 'password']);
  const parsed = loginSchema.safeParse({ account: text(form, 'account'), password: text(form, 'password') });
  if (!parsed.success) return refuse({ form: 'login', values, rules: ruleMessages(parsed.error) });
  try {
    await mutatePayload(
      () => client.mutate({ mutation: LoginDocument, variables: { input: parsed.data }, errorPolicy: 'all' }),
      (result: { login?: Payload }) => result?.login,
    );
  } catch (error) {
    return failure('login', values, error);
  }
  return redirectTo(next);
}

const GENDERS: ReadonlySet<string> = new Set<Gender>(['MALE', 'FEMALE']);

/**
 * /user/center/…: change the password, save the profile, or verify the real name, back to the
 * panel; or one of 我的地址's forms (addresses.ts).
 */
export async function userCenterAction(args: ActionFunctionArgs) {
  const { client } = contextOf(args);
  const form = await args.request.formData();
  const address = new URL(args.request.url);
  const here = address.pathname;
  if (!(await signedIn(client))) return redirectTo(loginPath(here + address.search));
  const intent = text(form, 'intent');
  const addressAnswer = await addressFormAction(client, intent, form, address);
  if (addressAnswer) return addressAnswer;

  if (intent === 'password') {
    const values = typedValues(form, ['oldPassword', 'newPassword', 'confirmPassword']);
    const input = {
      oldPassword: text(form, 'oldPassword'),
      newPassword: text(form, 'newPassword'),
      confirmPassword: text(form, 'confirmPassword'),
    };
    const parsed = passwordChangeSchema.safeParse(input);
    if (!parsed.success) return refuse({ form: 'password', values, rules: ruleMessages(parsed.error) });
    try {
      await mutatePayload(
        () =>
          client.mutate({
            mutation: ChangePasswordDocument,
            variables: { input: parsed.data },
            errorPolicy: 'all',
          }),
        (result: { changePassword?: Payload }) => result?.changePassword,
      );
    } catch (error) {
      return failure('password', values, error);
    }
    // Signed in still, as with JavaScript: the render sets the session the change rotated.
    return redirectTo(donePath(address, 'password'));
  }

  if (intent === 'realName') {
    const values = typedValues(form, ['realName', 'idNumber']);
    const parsed = realNameSchema().safeParse({
      realName: text(form, 'realName'),
      idNumber: text(form, 'idNumber'),
    });
    if (!parsed.success) return refuse({ form: 'realName', values, rules: ruleMessages(parsed.error) });
    try {
      await mutatePayload(
        () =>
          client.mutate({
            mutation: VerifyRealNameDocument,
            variables: {
              input: { realName: parsed.data.realName, idNumber: parsed.data.idNumber.toUpperCase() },
            },
            errorPolicy: 'all',
          }),
        (result: { verifyRealName?: Payload }) => result?.verifyRealName,
      );
    } catch (error) {
      return failure('realName', values, error);
    }
    return redirectTo(donePath(address, 'realName'));
  }

  if (intent === 'avatar') return avatarAction(form, contextOf(args), address);

  if (intent === 'profile') {
    const values = typedValues(form, ['name', 'phone', 'gender']);
    const parsed = profileSchema.safeParse({ name: text(form, 'name'), phone: text(form, 'phone') });
    if (!parsed.success) return refuse({ form: 'profile', values, rules: ruleMessages(parsed.error) });
    const gender = text(form, 'gender');
    try {
      await mutatePayload(
        () =>
          client.mutate({
            mutation: UpdateProfileDocument,
            variables: {
              input: { ...parsed.data, gender: GENDERS.has(gender) ? (gender as Gender) : null },
            },
            errorPolicy: 'all',
          }),
        (result: { updateProfile?: Payload }) => result?.updateProfile,
      );
    } catch (error) {
      return failure('profile', values, error);
    }
    return redirectTo(donePath(address, 'profile'));
  }

  return redirectTo(here);
}

/**
 * The avatar sent as a file (multipart): the checks the panel makes before uploading (type, the
 * service's size limit), the upload the browser's would be (the service checks what the file
 * is), then the profile saved with it, as the panel saves it.
 */
async function avatarAction(form: FormData, { client, upload }: FormActionContext, address: URL) {
  const file = form.get('file');
  if (file === null || typeof file === 'string' || file.size === 0)
    return refuse({ form: 'avatar', values: {}, messageId: 'uc.imageOnly' });
  const { data: config } = await client.query({ query: ProfilePanelDocument, errorPolicy: 'all' });
  const problem = checkAvatarFile(file, config?.config.uploadMaxBytes || DEFAULT_UPLOAD_MAX_BYTES);
  if (problem)
    return refuse({
      form: 'avatar',
      values: {},
      messageId: problem.id,
      ...('values' in problem ? { messageValues: problem.values } : {}),
    });
  if (!upload) return refuse({ form: 'avatar', values: {}, messageId: 'uc.uploadFailed' });
  const stored = await upload({
    name: file.name,
    type: file.type,
    bytes: new Uint8Array(await file.arrayBuffer()),
  });
  if ('refused' in stored)
    return refuse({
      form: 'avatar',
      values: {},
      ...(stored.refused ? { message: stored.refused } : { messageId: 'uc.uploadFailed' }),
    });
  try {
    await mutatePayload(
      () =>
        client.mutate({
          mutation: UpdateProfileDocument,
          variables: { input: { avatar: stored.url } },
          errorPolicy: 'all',
        }),
      (result: { updateProfile?: Payload }) => result?.updateProfile,
    );
  } catch (error) {
    return failure('avatar', {}, error);
  }
  return redirectTo(donePath(address, 'avatar'));
}
