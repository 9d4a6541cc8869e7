export * from './identity';
export * from './analytics';
