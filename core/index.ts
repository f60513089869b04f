// Public surface of the framework-free core.
export * from './constants.ts';
export * from './config.ts';
export * from './errors.ts';
export * from './urls.ts';
export * from './http.ts';
export * from './client.ts';
export * from './auth/pkce.ts';
export * from './auth/tokens.ts';
export * from './api/oauth.ts';
export * from './stores/session.ts';
export * from './stores/query.ts';
export * from './stores/toasts.ts';
export * from './i18n/index.ts';
