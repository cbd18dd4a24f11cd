// zod schemas of the wire contract; TypeScript types are inferred from them (z.infer).
export * from './common';
export * from './enums';
export * from './resources';
export * from './activity';
export * from './activities';
export * from './queries';
export * from './identity';
export * from './proxy';
export * from './validate';
export * from './limits';
