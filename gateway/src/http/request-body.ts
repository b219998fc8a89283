/**
 * Reading a request body the proxy buffers or refuses. A refusal is answered only once the body has been
 * read (and dropped): a client that sends its whole body before reading any answer (undici and fetch over a
 * slow link) would otherwise meet a connection closed under its upload, a reset in place of the refusal and
 * its message. Past REFUSED_BODY_MAX_BYTES the rest is not worth reading: the connection is closed.
 */
import type { IncomingMessage } from 'node:http';

/** How much of a refused body is read to let its client read the refusal. */
export const REFUSED_BODY_MAX_BYTES = 32 * 1024 * 1024;

/**
 * The whole body when it is at most `limit` bytes, else null with the rest read and dropped up to
 * REFUSED_BODY_MAX_BYTES in all. `ended`: the body was read to its end (false when cut off or aborted,
 * and the connection must then close).
 */
export function readBody(
  req: IncomingMessage,
  limit: number,
): Promise<{ body: Buffer | null; ended: boolean }> {
  return new Promise((resolve) => {
    // Ended means read to its end; `complete` only that it arrived (it may still wait to be read).
    if (req.readableEnded) return resolve({ body: Buffer.alloc(0), ended: true });
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (ended: boolean) => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('close', onClose);
      req.off('error', onClose);
      if (!ended) req.pause();
      resolve({ body: ended && size <= limit ? Buffer.concat(chunks) : null, ended });
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
      else if (chunks.length > 0) chunks.length = 0;
      if (size > REFUSED_BODY_MAX_BYTES) finish(false);
    };
    const onEnd = () => finish(true);
    const onClose = () => finish(req.readableEnded);
    req.on('data', onData);
    req.once('end', onEnd);
    req.once('close', onClose);
    req.once('error', onClose);
    req.resume();
  });
}

/** Reads and drops a refused body (see readBody); false when it was cut off. */
export async function dropBody(req: IncomingMessage): Promise<boolean> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > REFUSED_BODY_MAX_BYTES) return false;
  return (await readBody(req, -1)).ended;
}
