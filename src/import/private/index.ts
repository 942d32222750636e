// The door of import/'s internals: other layers import import/private, never a file behind it.
export * from './cdk8s-origin';
export * from './code';
export * from './diff';
export * from './emit-analysis';
export * from './emit-mapping';
export * from './emit-module';
export * from './emit-rollout';
export * from './emit-values';
export * from './emit-writer';
export * from './evaluate';
export * from './generate';
export * from './install';
export * from './install-options';
export * from './layout';
export * from './model';
export * from './read';
