import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** Cancel: back one step when the app has a step to go back to, else to `fallback` (a link opened cold). */
export function useGoBack(fallback: string) {
  const navigate = useNavigate();
  const { key } = useLocation();
  return useCallback(() => {
    if (key !== 'default') void navigate(-1);
    else void navigate(fallback);
  }, [key, navigate, fallback]);
}
