// What other workspaces' tests use of the youtube service (`@act/youtube/testing`): the local fake of YouTube (the
// recorded videos, captions and thumbnails).
export * from './fake-youtube';
