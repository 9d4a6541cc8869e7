export * from './identity';
export * from './analytics';
export * from './mail';
