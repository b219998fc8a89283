import os from 'node:os';

/**
 * The addresses a browser opens the shop at when the gateway listens on every interface: localhost, and
 * this machine's IPv4 addresses on its networks (a phone on the same Wi-Fi). The shop keeps a shopper on
 * whichever of them they chose (payment links included), while canonical addresses stay on PUBLIC_ORIGIN.
 */
export function shopAddresses(
  port: number,
  interfaces: NodeJS.Dict<os.NetworkInterfaceInfo[]> = os.networkInterfaces(),
): { local: string; network: string[] } {
  const network = Object.values(interfaces)
    .flatMap((infos) => infos ?? [])
    .filter((info) => info.family === 'IPv4' && !info.internal && !info.address.startsWith('169.254.'))
    .map((info) => `http://${info.address}:${port}`);
  return { local: `http://localhost:${port}`, network: [...new Set(network)] };
}
