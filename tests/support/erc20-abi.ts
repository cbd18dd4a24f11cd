// The sample smart-contract interface the tests upload: two functions of an ERC-20 token
// (https://eips.ethereum.org/EIPS/eip-20), as a Solidity compiler's JSON ABI describes them. A test that needs
// another shape (an event, an overload, an ABI the rules refuse) builds it from these.

/** `transfer(address to, uint256 amount) returns (bool)`: selector 0xa9059cbb. */
export const ERC20_TRANSFER = {
  type: 'function',
  name: 'transfer',
  inputs: [
    { name: 'to', type: 'address' },
    { name: 'amount', type: 'uint256' },
  ],
  outputs: [{ name: '', type: 'bool' }],
  stateMutability: 'nonpayable',
};

/** `approve(address spender, uint256 amount) returns (bool)`: selector 0x095ea7b3. */
export const ERC20_APPROVE = {
  type: 'function',
  name: 'approve',
  inputs: [
    { name: 'spender', type: 'address' },
    { name: 'amount', type: 'uint256' },
  ],
  outputs: [{ name: '', type: 'bool' }],
  stateMutability: 'nonpayable',
};

/** The ABI uploaded for a token: both functions. */
export const ERC20_ABI = [ERC20_TRANSFER, ERC20_APPROVE];
