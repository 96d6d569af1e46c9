// The video the YouTube page tests use. Their host is host-sdk's routed test host (createRoutedTestHost): replies per
// "METHOD /path", and the summary route can answer with a fakeEventStream the test feeds event by event.
export const VIDEO_ID = 'dQw4w9WgXcQ';
export const WATCH_URL = `https://www.youtube.com/watch?v=${VIDEO_ID}`;
