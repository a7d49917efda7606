export * from './site.ts';
export * from './users.ts';
export * from './experts.ts';
export * from './sms.ts';
export * from './social.ts';
export * from './wallet.ts';
