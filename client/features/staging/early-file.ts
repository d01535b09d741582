import { useEffect, useRef } from 'react';

// The photo chosen on the pre-rendered home page before the staging tool's code arrived (issue 34). The
// placeholder's file input is a real <input type="file"> from the first paint, so the browser keeps the
// choice even before any script runs; when the placeholder goes, its file is handed over here and the
// staging tool takes it as if it had been chosen there.

let pending: File | null = null;
let take: ((file: File) => void) | null = null;

function offer(file: File) {
  if (take) take(file);
  else pending = file;
}

/**
 * Called as the placeholder's input leaves the page. A file already chosen is handed over; if the
 * browser's file dialog is still open, the choice made in it is handed over when it comes.
 */
export function handOverEarlyFile(input: HTMLInputElement) {
  const file = input.files?.[0];
  if (file) return offer(file);
  input.addEventListener(
    'change',
    () => {
      const chosen = input.files?.[0];
      if (chosen) offer(chosen);
    },
    { once: true },
  );
}

/** The staging tool's side: `onFile` gets a photo chosen early, now or when it arrives. */
export function useEarlyFile(onFile: (file: File) => void) {
  const latest = useRef(onFile);
  useEffect(() => {
    latest.current = onFile;
  });
  useEffect(() => {
    take = (f) => latest.current(f);
    if (pending) {
      const f = pending;
      pending = null;
      take(f);
    }
    return () => {
      take = null;
    };
  }, []);
}
