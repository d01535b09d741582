// The camera model lives in shared/ so the layout editor in the browser projects exactly as the
// engine renders (issue 31); the engine keeps importing it from here.
export * from '#shared/layout/camera.ts';
