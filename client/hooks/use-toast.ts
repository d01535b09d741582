import * as React from 'react';
import type { ToastProps } from '#client/components/ui/toast.tsx';

// The spec's toast rules: one visible at a time; a dismissed toast is removed after 1,000,000 ms.
const TOAST_LIMIT = 1;
const TOAST_REMOVE_DELAY = 1_000_000;

export type ToastInput = Omit<ToastProps, 'title'> & {
  title?: React.ReactNode;
  description?: React.ReactNode;
  action?: React.ReactElement;
};
type ToasterToast = ToastInput & { id: string };

type State = { toasts: ToasterToast[] };
type Action =
  | { type: 'ADD'; toast: ToasterToast }
  | { type: 'UPDATE'; toast: Partial<ToasterToast> & { id: string } }
  | { type: 'DISMISS'; id?: string }
  | { type: 'REMOVE'; id?: string };

let count = 0;
const genId = () => String((count = (count + 1) % Number.MAX_SAFE_INTEGER));
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();

function scheduleRemoval(id: string) {
  if (removeTimers.has(id)) return;
  removeTimers.set(
    id,
    setTimeout(() => {
      removeTimers.delete(id);
      dispatch({ type: 'REMOVE', id });
    }, TOAST_REMOVE_DELAY),
  );
}

export function reducer(state: State, action: Action): State {
  switch (action.type) {
    case 'ADD':
      return { toasts: [action.toast, ...state.toasts].slice(0, TOAST_LIMIT) };
    case 'UPDATE':
      return { toasts: state.toasts.map((t) => (t.id === action.toast.id ? { ...t, ...action.toast } : t)) };
    case 'DISMISS': {
      const { id } = action;
      if (id) scheduleRemoval(id);
      else state.toasts.forEach((t) => scheduleRemoval(t.id));
      return {
        toasts: state.toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)),
      };
    }
    case 'REMOVE':
      return { toasts: action.id === undefined ? [] : state.toasts.filter((t) => t.id !== action.id) };
  }
}

const listeners = new Set<() => void>();
let memoryState: State = { toasts: [] };

function dispatch(action: Action) {
  memoryState = reducer(memoryState, action);
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
const snapshot = () => memoryState;

export function toast(props: ToastInput) {
  const id = genId();
  const dismiss = () => dispatch({ type: 'DISMISS', id });
  dispatch({
    type: 'ADD',
    toast: { ...props, id, open: true, onOpenChange: (open) => (!open ? dismiss() : undefined) },
  });
  return { id, dismiss, update: (p: ToastInput) => dispatch({ type: 'UPDATE', toast: { ...p, id } }) };
}

/** A toast that asks nothing of the agent: open, not an error, no button. */
export const isNotice = (t: ToasterToast) => t.open !== false && t.variant !== 'destructive' && !t.action;

/**
 * While `active` (a surface the agent draws on is open), notices close as they come. The toaster's
 * corner can lie over the surface (at 1280 px the bottom-right "Room identified!" sat on the furniture
 * area's canvas for 5 s) and takes the strokes made there. Errors and toasts with a button stay.
 */
export function useNoticesGiveWay(active: boolean) {
  const { toasts } = React.useSyncExternalStore(subscribe, snapshot, snapshot);
  React.useEffect(() => {
    if (active) for (const t of toasts) if (isNotice(t)) dispatch({ type: 'DISMISS', id: t.id });
  }, [active, toasts]);
}

export function useToast() {
  // An external store: a toast raised before the (lazily loaded) Toaster subscribed is still shown.
  const state = React.useSyncExternalStore(subscribe, snapshot, snapshot);
  return {
    ...state,
    toast,
    dismiss: (id?: string) => dispatch(id === undefined ? { type: 'DISMISS' } : { type: 'DISMISS', id }),
  };
}
