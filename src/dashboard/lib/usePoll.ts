/** Loads something now and again every `everyMs` while the view is shown. */
import { useCallback, useEffect, useState } from 'preact/hooks'

export function usePoll<T>(load: () => Promise<T>, everyMs: number, key: unknown[] = []) {
  const [data, setData] = useState<T | null>(null)
  const [error, setError] = useState<string | null>(null)
  const reload = useCallback(
    () =>
      load().then(
        (value) => {
          setData(value)
          setError(null)
        },
        (problem: Error) => setError(problem.message),
      ),
    key,
  )
  useEffect(() => {
    void reload()
    const timer = setInterval(() => void reload(), everyMs)
    return () => clearInterval(timer)
  }, [reload, everyMs])
  return { data, error, reload, setData }
}
