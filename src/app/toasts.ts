import type { ToastCode, ToastLevel } from '../../core/api/error-rules';

export interface Toast {
  id: number;
  level: ToastLevel;
  code: ToastCode;
}

/** The toasts on screen: a tiny external store the Toaster view subscribes to. */
export function createToastStore({ max = 3, ttlMs = 6000 } = {}) {
  let toasts: Toast[] = [];
  let nextId = 1;
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((l) => l());

  const dismiss = (id: number) => {
    toasts = toasts.filter((t) => t.id !== id);
    emit();
  };

  return {
    show(level: ToastLevel, code: ToastCode) {
      // The same message twice in a row (a burst of failing calls) is shown once.
      if (toasts.some((t) => t.code === code && t.level === level)) return;
      const toast = { id: nextId++, level, code };
      toasts = [...toasts, toast].slice(-max);
      emit();
      setTimeout(() => dismiss(toast.id), ttlMs);
    },
    dismiss,
    get: () => toasts,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
export type ToastStore = ReturnType<typeof createToastStore>;
