export * from './auth.js';
export * from './profiles.js';
export * from './trails.js';
export * from './matches.js';
export * from './outgoing-messages.js';
export * from './events.js';
export * from './identity-actions.js';
export * from './sms.js';
