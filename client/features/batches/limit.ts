/**
 * Runs at most `n` of the given tasks at once, in the order they were added. The photo checks use it
 * so a listing of 30 photos does not open 60 uploads at once (the server allows a few per account).
 */
export function createLimiter(n: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  const next = () => {
    if (active >= n) return;
    const start = waiting.shift();
    if (start) {
      active++;
      start();
    }
  };
  return function limit<T>(task: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      waiting.push(() => {
        task()
          .then(resolve, reject)
          .finally(() => {
            active--;
            next();
          });
      });
      next();
    });
  };
}
