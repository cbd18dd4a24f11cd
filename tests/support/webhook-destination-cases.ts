// One table of webhook destinations, run against the provider's `check` (tests/unit/sdk/rules/webhook-destination.test.ts)
// and against the emulator over HTTP (tests/integration/emulator/webhook-destinations.test.ts), so a green
// preview predicts what create_webhook_endpoint answers. `problem` is the sdk rule's message; where
// `namesSetting` is set, each package appends the setting that would accept the destination.

interface DestinationCase {
  url: string;
  allowLoopback: boolean;
  problem?: string;
  namesSetting?: true;
}

export const DESTINATION_CASES: readonly DestinationCase[] = [
  { url: 'https://hooks.example.com/walletinfra', allowLoopback: false },
  { url: 'https://8.8.8.8/hook', allowLoopback: false },
  { url: 'https://[2606:4700::1111]/hook', allowLoopback: false },
  { url: 'https://[fc::1]/hook', allowLoopback: false },
  { url: 'https://172.32.0.1/hook', allowLoopback: false },
  { url: 'http://hooks.example.com/x', allowLoopback: false, problem: 'must use https, got http' },
  { url: 'ftp://hooks.example.com/x', allowLoopback: false, problem: 'must use https, got ftp' },
  { url: 'http://hooks.example.com/x', allowLoopback: true, problem: 'must use https, got http' },
  { url: '/relative', allowLoopback: false, problem: 'must be an absolute URL such as https://hooks.example.com/walletinfra' },
  { url: 'https://user:hunter2@hooks.example.com/x', allowLoopback: false, problem: 'must not contain credentials (user info)' },
  { url: 'https://127.0.0.1:8443/x', allowLoopback: false, problem: 'must not point to a loopback address', namesSetting: true },
  { url: 'https://2130706433/x', allowLoopback: false, problem: 'must not point to a loopback address', namesSetting: true },
  { url: 'https://[::1]/x', allowLoopback: false, problem: 'must not point to a loopback address', namesSetting: true },
  { url: 'http://localhost:8080/x', allowLoopback: false, problem: 'must use https, got http', namesSetting: true },
  { url: 'https://api.localhost./x', allowLoopback: false, problem: 'must not point to a loopback address', namesSetting: true },
  { url: 'https://127.0.0.1:8443/x', allowLoopback: true },
  { url: 'http://127.0.0.1:8080/x', allowLoopback: true },
  { url: 'http://localhost:8080/x', allowLoopback: true },
  { url: 'http://[::1]:8080/x', allowLoopback: true },
  { url: 'https://10.0.0.1/x', allowLoopback: true, problem: 'must not point to a private address' },
  { url: 'https://172.31.255.255/x', allowLoopback: false, problem: 'must not point to a private address' },
  { url: 'https://192.168.1.1/x', allowLoopback: false, problem: 'must not point to a private address' },
  { url: 'https://100.64.0.1/x', allowLoopback: false, problem: 'must not point to a carrier-grade NAT address' },
  { url: 'https://169.254.169.254/latest', allowLoopback: false, problem: 'must not point to a cloud metadata address' },
  { url: 'https://169.254.1.1/x', allowLoopback: false, problem: 'must not point to a link-local address' },
  { url: 'https://metadata.google.internal/computeMetadata', allowLoopback: false, problem: 'must not point to a cloud metadata address' },
  { url: 'https://[fd00:ec2::254]/latest', allowLoopback: false, problem: 'must not point to a cloud metadata address' },
  { url: 'https://198.18.0.1/x', allowLoopback: false, problem: 'must not point to a benchmarking address' },
  { url: 'https://[2001:2::1]/x', allowLoopback: false, problem: 'must not point to a benchmarking address' },
  { url: 'https://192.0.0.8/x', allowLoopback: false, problem: 'must not point to an IETF protocol assignment address' },
  { url: 'https://192.0.2.10/x', allowLoopback: false, problem: 'must not point to a documentation address' },
  { url: 'https://224.0.0.251/x', allowLoopback: false, problem: 'must not point to a multicast address' },
  { url: 'https://255.255.255.255/x', allowLoopback: false, problem: 'must not point to a broadcast address' },
  { url: 'https://240.0.0.1/x', allowLoopback: false, problem: 'must not point to a reserved address' },
  { url: 'https://0.0.0.0/x', allowLoopback: false, problem: 'must not point to an unspecified address' },
  { url: 'https://[::]/x', allowLoopback: false, problem: 'must not point to an unspecified address' },
  { url: 'https://[fd12::1]/x', allowLoopback: false, problem: 'must not point to a unique-local address' },
  { url: 'https://[fe80::1]/x', allowLoopback: false, problem: 'must not point to a link-local address' },
  { url: 'https://[ff02::1]/x', allowLoopback: false, problem: 'must not point to a multicast address' },
  {
    url: 'https://[::ffff:169.254.169.254]/latest',
    allowLoopback: false,
    problem: 'must not point to an IPv4-mapped IPv6 address carrying a cloud metadata address (169.254.169.254)',
  },
  {
    url: 'https://[::ffff:127.0.0.1]/x',
    allowLoopback: true,
    problem: 'must not point to an IPv4-mapped IPv6 address carrying a loopback address (127.0.0.1)',
  },
  { url: 'https://[::ffff:8.8.8.8]/x', allowLoopback: false, problem: 'must not point to an IPv4-mapped IPv6 address' },
  {
    url: 'https://[64:ff9b::10.0.0.1]/x',
    allowLoopback: false,
    problem: 'must not point to a NAT64 address carrying a private address (10.0.0.1)',
  },
  { url: 'https://[64:ff9b:1::808:808]/x', allowLoopback: false, problem: 'must not point to a NAT64 (local-use) address' },
];
