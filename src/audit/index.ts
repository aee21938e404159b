export * from './audit';
export * from './bounds';
export * from './neighbours';
