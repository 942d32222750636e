// The door of plan/'s internals: other layers import plan/private, never a file behind it.
export * from './analysis-time';
export * from './compare';
export * from './compare-render';
export * from './controller';
export * from './counts';
export * from './manifests';
export * from './render';
export * from './resources';
export * from './routes';
export * from './simulate';
export * from './versions';
