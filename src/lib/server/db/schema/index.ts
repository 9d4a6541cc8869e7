export * from './identity';
export * from './analytics';
export * from './mail';
export * from './certification';
export * from './membership';
export * from './catalogue';
