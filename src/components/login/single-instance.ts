/**
 * "Only one at a time" dialogs (login, helper): request() shows the dialog and returns a promise
 * that resolves true on success and rejects when it is closed; a second request while one is
 * open is rejected with busyMessage.
 */
export function singleInstance(busyMessage: string, closedMessage: string) {
  let pending: { resolve: (v: boolean) => void; reject: (e: Error) => void } | null = null;
  return {
    isOpen: () => pending !== null,
    request(show: () => void): Promise<boolean> {
      if (pending) return Promise.reject(new Error(busyMessage));
      return new Promise<boolean>((resolve, reject) => {
        pending = { resolve, reject };
        show();
      });
    },
    succeed() {
      const p = pending;
      pending = null;
      p?.resolve(true);
    },
    close() {
      const p = pending;
      pending = null;
      p?.reject(new Error(closedMessage));
    },
  };
}
