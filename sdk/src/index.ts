// Public surface of @walletinfra/sdk: a flat barrel, one area per folder.
export * from './errors';
export * from './errors-response';
export * from './crypto';
export * from './transport';
export * from './schemas';
export * from './operations';
export * from './client';
export * from './activity';
export * from './pagination';
export * from './webhooks';
export * from './policy';
export * from './rules';
