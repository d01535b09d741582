// Build-time render of the home page (scripts/prerender-home.mjs puts it into dist/client/index.html), so
// the hero, the page's largest contentful paint, is in the first HTML and does not wait for JavaScript.
import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import { Root } from './app/root.tsx';

/** The markup of "/" as a visitor's browser renders it before anything has loaded. */
export function renderHome(): string {
  return renderToString(
    <Router ssrPath="/">
      <Root />
    </Router>,
  );
}
