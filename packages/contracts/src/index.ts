export * from './common.ts';
export * from './context.ts';
export * from './calls.ts';
export * from './calls-banking.ts';
export * from './calls-community.ts';
export * from './calls-responsible.ts';
export * from './calls-betting.ts';
export * from './calls-account.ts';
