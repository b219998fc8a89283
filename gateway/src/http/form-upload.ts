/**
 * Files the pages' forms carry (the avatar sent without JavaScript), stored as the browser's upload
 * is: the service's upload route, signed with the page request's session (renewed as its GraphQL
 * calls are), within the same limit and time; the service checks what the file is.
 */
import { routes } from '@shop/common/rest/routes.ts';
import type { PageUpload } from '@shop/web-server';
import { GraphQLError } from 'graphql';
import type { GatewayConfig } from '../config.ts';
import type { RequestContext } from '../graphql/operation-outcome.ts';

export function formUpload(
  config: Pick<GatewayConfig, 'uploadMaxBytes' | 'fileTimeoutMs'>,
): PageUpload<RequestContext> {
  return {
    maxBytes: config.uploadMaxBytes,
    async send(file, ctx) {
      try {
        const stored = await ctx.upstream.call<{ url?: string } | null>({
          method: 'POST',
          path: routes.files.upload.path,
          auth: true,
          file,
          timeoutMs: config.fileTimeoutMs,
        });
        return stored?.url ? { url: stored.url } : { refused: '' };
      } catch (error) {
        // The service's refusal (not a picture, too large) or the gateway's (signed out, service
        // down), already in the request's language.
        if (error instanceof GraphQLError) {
          const text = error.extensions.alterMsg;
          return { refused: typeof text === 'string' ? text : error.message };
        }
        throw error;
      }
    },
  };
}
