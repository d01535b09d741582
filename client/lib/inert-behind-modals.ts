/**
 * Radix hides everything behind an open modal layer (a dialog, a select's list) with aria-hidden (the
 * `aria-hidden` package's hideOthers, which marks each node it hides with data-aria-hidden) and traps
 * focus by script. The links and buttons back there stay in the document's tab order, which axe reports
 * (aria-hidden-focus) and which a screen reader's own navigation can still reach. `inert` makes the
 * hiding true for every input: each node so marked is made inert too, and freed again with its mark.
 * Radix returns focus to the trigger in a timer after closing; this observer runs as a microtask, so the
 * trigger is no longer inert by then.
 */
export function keepHiddenLayersInert(root: HTMLElement = document.body): () => void {
  const MARKER = 'data-aria-hidden';
  const OURS = 'data-inert-behind-modal';
  const sync = (el: Element) => {
    const hidden = el.hasAttribute(MARKER);
    if (hidden && !el.hasAttribute('inert')) {
      el.setAttribute('inert', '');
      el.setAttribute(OURS, '');
    } else if (!hidden && el.hasAttribute(OURS)) {
      el.removeAttribute('inert');
      el.removeAttribute(OURS);
    }
  };
  const observer = new MutationObserver((records) => {
    for (const r of records) if (r.target instanceof Element) sync(r.target);
  });
  observer.observe(root, { subtree: true, attributes: true, attributeFilter: [MARKER] });
  return () => observer.disconnect();
}
