// Earn deposit/withdraw (docs/service-behaviour.md#activities, #earn). `wrapperAddress` must be one of the organization's
// deployed wrappers on that chain (docs/service-behaviour.md#activities; seeded); `signWith` must be an EVM wallet-account
// address of the organization (private-key identifiers are not supported).
import type { RequestContext, SubmitHandler } from '../context';
import { invalidArgument } from '../errors';
import type { EarnRequestRecord } from '../store/records';
import { sameAddress } from './util';

export function earnWrapperId(orgId: string, chainCaip2: string, wrapperAddress: string): string {
  return `${orgId}|${chainCaip2}|${wrapperAddress.toLowerCase()}`;
}

function checkWrapperAndSigner(ctx: RequestContext, p: { wrapperAddress: string; signWith: string; chainCaip2: string }): void {
  if (ctx.store.earnWrappers.get(earnWrapperId(ctx.org.organizationId, p.chainCaip2, p.wrapperAddress)) === undefined) {
    throw invalidArgument(
      `invalid request body: parameters.wrapperAddress: is not a deployed Earn wrapper of this organization on ${p.chainCaip2}`,
    );
  }
  const account = ctx.store.walletAccounts
    .findByKeyIn(ctx.org.organizationId, p.signWith.toLowerCase())
    .find((a) => sameAddress(a.address, p.signWith));
  if (account === undefined || account.addressFormat !== 'ADDRESS_FORMAT_ETHEREUM') {
    throw invalidArgument(
      'invalid request body: parameters.signWith: must be an Ethereum wallet-account address of this organization (private-key identifiers are not supported)',
    );
  }
}

function record(
  ctx: RequestContext,
  kind: 'DEPOSIT' | 'WITHDRAW',
  p: { wrapperAddress: string; signWith: string; chainCaip2: string; sponsor?: boolean | undefined },
  amount: string,
): string {
  const request: EarnRequestRecord = {
    requestId: ctx.env.uuid(),
    organizationId: ctx.org.organizationId,
    kind,
    wrapperAddress: p.wrapperAddress,
    chainCaip2: p.chainCaip2,
    signWith: p.signWith,
    amount,
    sponsor: p.sponsor ?? false,
    status: 'COMPLETED',
    txHash: `0x${Buffer.from(ctx.env.randomBytes(32)).toString('hex')}`,
    createdAt: ctx.env.now(),
  };
  ctx.store.earnRequests.insert(request);
  return request.requestId;
}

export const earnDeposit: SubmitHandler<'earn_deposit'> = {
  validate(ctx, p) {
    if (BigInt(p.assets) === 0n) throw invalidArgument('invalid request body: parameters.assets: must be greater than zero');
    checkWrapperAndSigner(ctx, p);
  },
  execute: (ctx, p) => ({ depositRequestId: record(ctx, 'DEPOSIT', p, p.assets) }),
};

export const earnWithdraw: SubmitHandler<'earn_withdraw'> = {
  validate(ctx, p) {
    if (p.amountValue !== 'MAX' && BigInt(p.amountValue) === 0n) {
      throw invalidArgument("invalid request body: parameters.amountValue: must be greater than zero or 'MAX'");
    }
    checkWrapperAndSigner(ctx, p);
  },
  execute: (ctx, p) => ({ withdrawRequestId: record(ctx, 'WITHDRAW', p, p.amountValue) }),
};
