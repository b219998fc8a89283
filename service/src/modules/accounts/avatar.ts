import type { AppContext } from '../../context.ts';
import { badRequest } from '../../http/envelope.ts';
import { downloadUrl } from '../files/service.ts';
import { accountMessages as m } from './messages.ts';

/** The stored name of an uploaded picture (what /file/uploads generates for png, gif and jpeg). */
const PICTURE_NAME = /^[0-9a-f]{32}\.(?:jpeg|jpg|png|gif)$/;
const PREFIX = downloadUrl('');

/** The stored picture an avatar value names, or null when it is not the address of an upload. */
export function avatarFileName(value: string): string | null {
  if (!value.startsWith(PREFIX)) return null;
  const name = value.slice(PREFIX.length);
  return PICTURE_NAME.test(name) ? name : null;
}

/** Format check of the profile schema: empty (no avatar) or the download address of an upload. */
export const isAvatarAddress = (value: string) => value === '' || avatarFileName(value) !== null;

/**
 * An avatar is a picture this shop stored for this user, nothing else: no outside address (it would
 * leak every viewer's address to that host and could carry markup), no other user's upload. The
 * current value may be sent back unchanged (a profile saved with its other fields).
 */
export async function assertOwnAvatar(ctx: AppContext, userId: number, avatar: string, current: string) {
  if (avatar === '' || avatar === current) return;
  const name = avatarFileName(avatar);
  const row = name
    ? await ctx.db
        .selectFrom('files')
        .select('id')
        .where('fullfilename', '=', name)
        .where('user_id', '=', userId)
        .executeTakeFirst()
    : undefined;
  if (!row)
    throw badRequest(m['account.invalidAvatar'], {}, { fields: { avatar: m['account.invalidAvatar'] } });
}
