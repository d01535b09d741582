declare global {
  interface Window {
    /** Set by the inline script in index.html; stops recording and hands over what it recorded. */
    __takeEarlyClicks?: () => HTMLElement[];
  }
}

/**
 * The buttons tapped between the pre-rendered page's first paint and the script's start. Such a tap
 * would otherwise do nothing (a button has no behaviour before React is attached), so boot replays it
 * once the page is hydrated. Links need nothing: before hydration they navigate as plain links.
 */
export function takeEarlyClicks(): HTMLElement[] {
  return window.__takeEarlyClicks?.() ?? [];
}
