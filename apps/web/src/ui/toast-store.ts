import { useSyncExternalStore } from 'react';

/**
 * Short-lived messages, one store per shell (the sports pages' toasts, the agent shell's two):
 * `show` adds one that leaves after `ms`; `useToasts` is the list a shell renders its own way.
 */
export function createToastStore<Extra>() {
  type Toast = Extra & { id: number; text: string };
  let toasts: Toast[] = [];
  let nextId = 1;
  const listeners = new Set<() => void>();
  const publish = (next: Toast[]) => {
    toasts = next;
    listeners.forEach((fn) => fn());
  };
  const subscribe = (fn: () => void) => {
    listeners.add(fn);
    return () => void listeners.delete(fn);
  };
  return {
    show(text: string, extra: Extra, ms: number): void {
      const id = nextId++;
      publish([...toasts, { ...extra, id, text }]);
      setTimeout(() => publish(toasts.filter((t) => t.id !== id)), ms);
    },
    useToasts: () => useSyncExternalStore(subscribe, () => toasts),
  };
}
