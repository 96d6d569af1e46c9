// What other workspaces' tests use of the image service (`@act/image/testing`): the local fake of fal's queue and the
// synthetic photos the effects are checked on. The e2e run imports these; nothing here runs in production.
export * from './fake-fal';
export * from './test-images';
