// What other workspaces' tests use of the credits service (`@act/credits/testing`): the Paddle fake, with the signed
// webhook bodies Paddle would send.
export * from './paddle-fake';
