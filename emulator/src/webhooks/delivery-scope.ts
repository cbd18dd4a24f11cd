// Where webhook deliveries may go. 'auto' sends to any destination the URL rules accepted; 'loopback-only'
// (the default) and 'manual' send only to this machine, so a test, an example or a developer's emulator never
// sends traffic beyond loopback unless asked to with `--webhook-delivery auto`.
import { isLoopbackHost } from '@walletinfra/sdk/rules';

export const DELIVERY_MODES = ['loopback-only', 'auto', 'manual'] as const;

export type DeliveryMode = (typeof DELIVERY_MODES)[number];

/**
 * True for a URL whose host is a loopback address or a `localhost` name (RFC 6761), by the sdk's
 * webhook-destination rule; an IPv4-mapped loopback (::ffff:7f00:1) is not counted: refusing is the safe side.
 */
export function isLoopbackDestination(url: string): boolean {
  try {
    return isLoopbackHost(new URL(url).hostname);
  } catch {
    return false;
  }
}

/** Why a delivery to `url` is not sent in this mode, or undefined when it may be sent. */
export function deliveryRefusal(mode: DeliveryMode, url: string): string | undefined {
  if (mode === 'auto' || isLoopbackDestination(url)) return undefined;
  return `not sent: webhook delivery mode is ${mode}, which never sends beyond loopback (start the emulator with --webhook-delivery auto, or deliveryMode: 'auto', to deliver to other hosts)`;
}
