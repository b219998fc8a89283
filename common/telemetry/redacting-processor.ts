/**
 * A span processor that writes secret addresses as their route templates (secret-routes.ts) in
 * every span's name and string attributes while the span is ending, before any exporter's
 * processor sees it: whatever instrumentation set them (HTTP server, undici, Express, the
 * application's own spans), no exported span carries a token.
 */
import type { NodeSDKConfiguration } from '@opentelemetry/sdk-node';
import { redactSecretPaths } from './secret-routes.ts';

type SpanProcessor = NonNullable<NodeSDKConfiguration['spanProcessors']>[number];
type EndingSpan = Parameters<NonNullable<SpanProcessor['onEnding']>>[0];

export class SecretPathRedactor implements SpanProcessor {
  onStart(): void {}

  onEnding(span: EndingSpan): void {
    const name = redactSecretPaths(span.name);
    if (name !== span.name) span.updateName(name);
    for (const [key, value] of Object.entries(span.attributes)) {
      if (typeof value !== 'string') continue;
      const redacted = redactSecretPaths(value);
      if (redacted !== value) span.setAttribute(key, redacted);
    }
    // An event's attributes (an exception's message, say) are the span's own data, not yet sent.
    for (const event of span.events) {
      for (const [key, value] of Object.entries(event.attributes ?? {})) {
        if (typeof value === 'string' && event.attributes) event.attributes[key] = redactSecretPaths(value);
      }
    }
  }

  onEnd(): void {}

  forceFlush(): Promise<void> {
    return Promise.resolve();
  }

  shutdown(): Promise<void> {
    return Promise.resolve();
  }
}
