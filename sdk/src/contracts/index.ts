// Smart-contract calls as the policy engine sees them: an unsigned Ethereum transaction parsed into `eth.tx`, and
// its calldata decoded through an uploaded ABI. viem is loaded on first use only (./ethereum.ts).
export {
  decodeContractCall,
  parseUnsignedEthereumTransaction,
  ethereumTransactionForPolicy,
  signEthereumTransaction,
  type DecodedContractCall,
  type ContractCallDecoding,
  type UnsignedEthereumTransaction,
} from './ethereum';
