// Ethereum addresses compare case-insensitively in policies. EIP-55's mixed case is only a checksum over the same 20
// bytes (https://eips.ethereum.org/EIPS/eip-55), the service checksums the addresses it fills in (`eth.tx.to`, decoded
// arguments) while users write them in whatever case their tool printed, and the service treats Ethereum addresses
// case-insensitively where it says (https://docs.turnkey.com/features/policies/smart-contract-interfaces: "case
// insensitive with Ethereum"). So the evaluator, the linter and the emulator compare two texts that are both
// `0x` + 40 hex digits by the bytes they name (docs/service-behaviour.md#policy-language).
const ETHEREUM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

export function isEthereumAddress(text: string): boolean {
  return ETHEREUM_ADDRESS.test(text);
}

/** Whether two texts are equal in a policy comparison: exactly, or as the same Ethereum address in any case. */
export function samePolicyText(a: string, b: string): boolean {
  return a === b || (isEthereumAddress(a) && isEthereumAddress(b) && a.toLowerCase() === b.toLowerCase());
}

/** The form a text is compared in: an Ethereum address lowercased, anything else as it is. */
export function policyTextKey(text: string): string {
  return isEthereumAddress(text) ? text.toLowerCase() : text;
}
