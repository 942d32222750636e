// The door of install/'s internals: other layers import install/private, never a file behind it.
export * from './controller-flag-table';
export * from './data';
export * from './install-version';
export * from './notification-service-options';
export * from './notification-util';
export * from './objects';
export * from './option-shapes';
export * from './plugin-use';
export * from './render';
export * from './requirements';
export * from './service-account';
export * from './spec-types';
